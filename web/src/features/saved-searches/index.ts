// The saved-searches feature's public file (issue 17): other features import only this.
export { SaveSearchDialog } from './components/save-search-dialog';
