// Moved to the test kit (tests/kit/engines.ts); this re-export goes once every file imports the kit.
export * from '../kit/engines';
