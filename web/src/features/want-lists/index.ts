import './api/live';

// The want-lists feature's public file (docs/product/want-lists.md): other features import only this.
export { useWantListFromSavedSearch } from './api/want-lists';
