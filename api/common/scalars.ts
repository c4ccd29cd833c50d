// The JSON and DateTime scalars shared by every domain schema.
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from '../graphql';

function literal(node: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (node.kind) {
    case Kind.STRING: case Kind.BOOLEAN: return node.value;
    case Kind.INT: case Kind.FLOAT: return Number(node.value);
    case Kind.NULL: return null;
    case Kind.LIST: return node.values.map((v) => literal(v, variables));
    case Kind.OBJECT: return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value, variables)]));
    case Kind.VARIABLE: return variables?.[node.name.value];
    default: throw new GraphQLError('JSON cannot represent this value');
  }
}

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: literal,
});

export const DateTimeScalar = new GraphQLScalarType({
  name: 'DateTime',
  serialize(v) {
    if (v === null || v === undefined) return null;
    const d = typeof v === 'number' ? new Date(v) : v instanceof Date ? v : new Date(String(v));
    if (Number.isNaN(d.getTime())) throw new GraphQLError('DateTime cannot represent an invalid date');
    return d.toISOString();
  },
  parseValue(v) {
    const t = typeof v === 'string' ? Date.parse(v) : Number.NaN;
    if (Number.isNaN(t)) throw new GraphQLError('DateTime must be an ISO 8601 string');
    return t;
  },
  parseLiteral(node) {
    if (node.kind !== Kind.STRING || Number.isNaN(Date.parse(node.value))) throw new GraphQLError('DateTime must be an ISO 8601 string');
    return Date.parse(node.value);
  },
});
