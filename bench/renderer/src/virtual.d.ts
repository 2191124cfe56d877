declare module 'virtual:precompiled-validator/*' {
  const validateFns: Record<string, unknown>;
  export default validateFns;
}
