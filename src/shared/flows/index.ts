// Browser-safe part of the flow package (no Node, no ajv). The Node loader is ./load-node, the checker ./check.
export * from './types';
export * from './steps';
export * from './registry-names';
export * from './values';
export * from './api';
export * from './locale-key';
export * from './format-value';
export * from './detail';
export * from './reference';
export * from './rules';
export * from './branches';
export * from './secret';
