// The one place every mutation's arguments are checked before its resolver runs: no NUL or
// unpaired surrogate in any string (or object key), at any depth, and no JSON nested past
// MAX_INPUT_DEPTH. Refusals name the field: the path inside `input` (as zod's errors do), or the
// argument's own name and path for other arguments.
import { AppError } from '../engine/domain/errors';
import { findInputProblem, MAX_INPUT_DEPTH } from '../engine/domain/input-text';
import { fieldPath } from '../engine/domain/validation';
import {
  defaultFieldResolver, isInputObjectType, isListType, isNonNullType, isScalarType,
  type GraphQLField, type GraphQLInputType, type GraphQLSchema,
} from './graphql';

function fieldOf(path: readonly (string | number)[]): string {
  return fieldPath(path[0] === 'input' && path.length > 1 ? path.slice(1) : path);
}

/** The start of `path` up to the JSON-typed argument or input field it runs through (all of it when none). */
function jsonFieldPath(def: GraphQLField<unknown, unknown>, path: readonly (string | number)[]): readonly (string | number)[] {
  let type: GraphQLInputType | undefined = def.args.find((a) => a.name === path[0])?.type;
  let i = 1;
  while (type) {
    if (isNonNullType(type)) { type = type.ofType; continue; }
    if (isScalarType(type)) return type.name === 'JSON' ? path.slice(0, i) : path;
    if (i >= path.length) return path;
    const key = path[i++];
    if (isListType(type)) type = typeof key === 'number' ? type.ofType as GraphQLInputType : undefined;
    else if (isInputObjectType(type)) type = typeof key === 'string' ? type.getFields()[key]?.type : undefined;
    else return path;
  }
  return path;
}

/**
 * Throws BAD_USER_INPUT or INPUT_TOO_DEEP for the first bad value in `args`. A too-deep value is
 * named by its JSON-typed field (e.g. metadata), not by the path to where the limit was passed.
 */
export function checkMutationArgs(args: Record<string, unknown>, def?: GraphQLField<unknown, unknown>): void {
  // The arguments object is level 0; each argument starts at level 1.
  const problem = findInputProblem(args, MAX_INPUT_DEPTH + 1);
  if (!problem) return;
  if (problem.kind === 'depth') {
    throw new AppError('INPUT_TOO_DEEP', { field: fieldOf(def ? jsonFieldPath(def, problem.path) : problem.path), limit: MAX_INPUT_DEPTH });
  }
  throw new AppError('BAD_USER_INPUT', { field: fieldOf(problem.path), message: problem.message });
}

/** Wraps every Mutation field's resolver of `schema` (in place) with checkMutationArgs. */
export function guardMutationInputs(schema: GraphQLSchema): GraphQLSchema {
  const fields = schema.getMutationType()?.getFields() ?? {};
  for (const field of Object.values(fields)) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (source, args, context, info) => {
      checkMutationArgs(args, field);
      return resolve(source, args, context, info);
    };
  }
  return schema;
}
