// swagger-ui-dist ships no types: the one function the reference page calls.
declare module 'swagger-ui-dist' {
  export function SwaggerUIBundle(options: Record<string, unknown>): unknown;
}
