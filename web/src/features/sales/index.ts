// The Timed Sale's public file (docs/product/timed-sale.md): other features import only this.
export { PutInSale } from './components/put-in-sale';
