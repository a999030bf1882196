/** Version of the API, shown by /api/health and the OpenAPI document. */
export const appVersion = "0.1.0";
