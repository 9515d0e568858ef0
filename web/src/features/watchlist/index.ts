import './api/live';

// The watchlist feature's public file (watchlist and recently viewed, issue 17): other features import only this.
export { RecentlyViewed } from './components/recently-viewed';
export { ViewRecorder } from './components/view-recorder';
export { WatchButton } from './components/watch-button';
