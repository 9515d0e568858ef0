// The layout's import path until web/src/components stops importing features (its own change; decision 0016,
// boundaries).
export { useSite } from './index';
