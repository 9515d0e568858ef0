/**
 * What one server render of a page reads in place of the browser's (decisions 0058 and 0090): who answers the
 * page's API requests, the reader's time zone, the moment the page renders at. The server renders several pages
 * at once, each in its own scope (web/src/prerender.tsx keeps them apart with Node's AsyncLocalStorage, which
 * follows each render across its awaits); in a browser there is no scope.
 */
export interface RenderScope {
  /** Answers the page's API requests with the signed-in request's session; none for a visitor's page. */
  fetch?: (request: Request) => Promise<Response>;
  /** The reader's time zone (its time zone cookie); none: this machine's. */
  timeZone?: string;
  /** The moment clock-dependent text renders at (decision 0060). */
  renderedAt: number;
}

let read: () => RenderScope | undefined = () => undefined;

/** Set once by the server's renderer (and by tests): where the current render's scope is found. */
export function readRenderScopeWith(reader: () => RenderScope | undefined): void {
  read = reader;
}

/** The scope of the render running now; undefined in a browser. */
export function renderScope(): RenderScope | undefined {
  return read();
}
