// openapi-typescript needs TypeScript 5's compiler API, which the project's TypeScript 7 does not have:
// this local package gives it its own copy (see package.json here and docs/decisions/0013).
export { astToString, default as openapiTS } from 'openapi-typescript';
