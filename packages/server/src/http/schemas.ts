// The wire schemas every module shares live in the domain package (packages/domain/src/wire.ts),
// next to the rest of the contract; re-exported here for the routes.
export { idParamsSchema, idSchema, mensajeSchema, tokenBodySchema } from '@tianguis/domain';
