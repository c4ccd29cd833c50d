// The one import of graphql-js for api/. graphql 16 ships CommonJS (index.js) and ESM (index.mjs)
// builds; @graphql-tools/schema, loaded by Node, gets the CommonJS one, while a bundler-style
// resolver (vitest) would hand our files the ESM one: two copies, and "Cannot use GraphQLSchema
// from another module or realm". Naming the CommonJS file makes every loader agree.
export * from 'graphql/index.js';
