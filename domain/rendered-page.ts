/**
 * A page the server renders with the web app's server build (decision 0024): the contract between
 * web/src/prerender.tsx, which renders it, and the server, which puts it into the HTML it sends.
 */

/** A query's key and data, as the server puts them in the page for the app to seed before hydrating. */
export type PageData = Array<[readonly unknown[], unknown]>;

/**
 * A page rendered for one request: its HTML, its data, and the moment its clock-dependent text was rendered at.
 * `zoneOffset`: the reader's zone's UTC offset at `renderedAt`, in minutes as `Date#getTimezoneOffset` gives it.
 */
export type RenderedPage = { html: string; data: PageData; renderedAt: number; zoneOffset?: number };
