// The layout's import path until web/src/components stops importing features (its own change of issue 11).
export { useSite } from './index';
