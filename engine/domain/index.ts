export * from './enums';
export * from './permissions';
export * from './settings';
export * from './layout';
export * from './records';
export * from './paths';
export * from "./errors";
