// The site feature's public file: other features import only this.
export { useSite } from './use-site';
