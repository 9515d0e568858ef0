// The saved-searches feature's public file (docs/product/dealer-tools.md#saved-searches): other features
// import only this.
export { SaveSearchDialog } from './components/save-search-dialog';
