import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { WebhooksConfig } from '../../config';

export type AddressPolicy = Pick<WebhooksConfig, 'httpsOnly' | 'allowPrivate'>;

/**
 * Server-side request forgery: a webhook URL must not reach the servers beside ours. Every address
 * the host resolves to must be a public unicast one (ipaddr.js's ranges: loopback, link-local,
 * private, carrier-grade NAT, multicast, reserved… refused) unless configuration allows them; an
 * IPv4 address written inside IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it is.
 */
export function refusedAddress(address: string, policy: AddressPolicy): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const range = ipaddr.process(address).range();
  if (range === 'unicast' || policy.allowPrivate) return null;
  return `${address} is a ${range} address`;
}

/** What is wrong with a subscription's URL, or null; resolves the host and checks every address. */
export async function checkWebhookUrl(raw: string, policy: AddressPolicy): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'URL: an absolute address, https://…';
  }
  if (url.protocol !== 'https:' && (url.protocol !== 'http:' || policy.httpsOnly))
    return policy.httpsOnly ? 'URL: https:// only' : 'URL: http:// or https:// only';
  if (url.username || url.password) return 'URL: no user name or password in the address';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return `URL: the host ${host} does not resolve`;
    }
  }
  for (const address of addresses) {
    const refused = refusedAddress(address, policy);
    if (refused) return `URL: ${host} is not allowed (${refused})`;
  }
  return null;
}

/**
 * The lookup a delivery connects with: the same check at the moment of connecting, so a host that
 * resolved to a public address when the subscription was saved cannot be pointed at a private one
 * later (DNS rebinding). Every resolved address is checked, not only the one used.
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, verbatim: true }).then(
      (found) => {
        for (const a of found) {
          const refused = refusedAddress(a.address, policy);
          if (refused) {
            callback(
              Object.assign(new Error(`${hostname} is not allowed (${refused})`), { code: 'EREFUSED' }),
              '',
            );
            return;
          }
        }
        const wanted = found.filter((a) => !options.family || a.family === options.family);
        if (options.all) callback(null, wanted as never);
        else if (wanted[0]) callback(null, wanted[0].address, wanted[0].family);
        else callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '');
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, ''),
    );
  };
}
