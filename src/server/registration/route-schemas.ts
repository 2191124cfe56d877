// The registration routes' body schemas: strings of a bounded length, no other property.
export const str = (maxLength: number) => ({ type: 'string', maxLength });
export const body = (properties: Record<string, unknown>, required: string[]) => ({
  tags: ['registration'],
  body: { type: 'object', additionalProperties: false, properties, required },
});
export const tokenField = { token: str(100) };
/** extendcache's: the token comes in the access_token header. */
export const emptyBody = {
  tags: ['registration'],
  body: { type: 'object', additionalProperties: false, properties: {} },
};
