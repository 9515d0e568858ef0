// The notifications feature's public file: other features import only this.
export { type SendResult, useSendBrandNotifications, useSendDailyNotifications } from './api/notifications';
