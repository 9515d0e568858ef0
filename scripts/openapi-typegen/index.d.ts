// The two functions the tests use (openapi-typescript's own types would pull in TypeScript 5's).
export function openapiTS(schema: object): Promise<unknown[]>;
export function astToString(ast: unknown[]): string;
