/**
 * The public face of the integrations module: what other modules (and the access layer) may use.
 */
export { type IntegrationPrincipal, resolveApiKey } from './api-keys';
