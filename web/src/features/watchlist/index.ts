import './api/live';

// The watchlist feature's public file (watchlist and recently viewed, docs/product/dealer-tools.md): other
// features import only this.
export { RecentlyViewed } from './components/recently-viewed';
export { ViewRecorder } from './components/view-recorder';
export { WatchButton } from './components/watch-button';
