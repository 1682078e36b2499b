import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList } from 'node:net';
import type { PushConfig } from '../config';

/**
 * Why a subscription's endpoint is not one the server will POST to. The endpoint comes from a browser, so from anyone:
 * without these rules the app would send requests wherever a person asked (server-side request forgery).
 */
export type EndpointRefusal = 'NOT_A_URL' | 'NOT_HTTPS' | 'HOST_NOT_ALLOWED' | 'PRIVATE_ADDRESS';

/** How a host name is resolved at send time; tests hand in their own answers. */
export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

/** Browsers' endpoints are a few hundred characters; the contract (core/contracts/devices.ts) takes 2048 at most. */
export const MAX_ENDPOINT_LENGTH = 2048;

/** The local push service's subscription ids: 16 random bytes in base64url. */
export const LOCAL_ENDPOINT_ID = /^[A-Za-z0-9_-]{22}$/;

/** The endpoint the local push service hands out for a subscription id. */
export const localEndpoint = (appUrl: string, id: string) => `${appUrl}/dev/push/s/${id}`;

/** The subscription id of one of the local push service's own endpoints, or null for any other URL. */
export function localEndpointId(appUrl: string, endpoint: string): string | null {
  const prefix = localEndpoint(appUrl, '');
  if (!endpoint.startsWith(prefix)) return null;
  const id = endpoint.slice(prefix.length);
  return LOCAL_ENDPOINT_ID.test(id) ? id : null;
}

/** `host` is on the list: the exact name, or under a `*.` entry (a subdomain of it, never the bare domain). */
export function hostAllowed(allowedHosts: readonly string[], host: string): boolean {
  return allowedHosts.some((entry) => (entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry));
}

/**
 * At subscription time: an https URL on the allowlist, on the default port, without credentials; or, in local mode
 * and tests, one of the local push service's own endpoints (`${appUrl}/dev/push/s/<id>`).
 */
export function endpointRefusal(push: PushConfig, appUrl: string, endpoint: string): Exclude<EndpointRefusal, 'PRIVATE_ADDRESS'> | null {
  // The URL parser forgives spaces, backslashes and control characters; a browser's endpoint never has them.
  if (endpoint.length > MAX_ENDPOINT_LENGTH || !/^[\x21-\x7e]+$/.test(endpoint) || endpoint.includes('\\')) return 'NOT_A_URL';
  if (push.localService && localEndpointId(appUrl, endpoint)) return null;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'NOT_A_URL';
  }
  if (url.protocol !== 'https:') return url.protocol === 'http:' ? 'NOT_HTTPS' : 'NOT_A_URL';
  if (url.username || url.password || url.hash || endpoint.includes('#')) return 'NOT_A_URL';
  // The parser drops ':443' from https URLs: any port left is another one.
  if (url.port !== '') return 'HOST_NOT_ALLOWED';
  return hostAllowed(push.allowedHosts, url.hostname.toLowerCase()) ? null : 'HOST_NOT_ALLOWED';
}

/** Addresses no push service has: this machine, the private networks, and the ranges that are never anyone's. */
const privateRanges = (() => {
  const list = new BlockList();
  const v4: [string, number][] = [
    ['0.0.0.0', 8], // unspecified, "this network"
    ['10.0.0.0', 8],
    ['100.64.0.0', 10], // carrier-grade NAT
    ['127.0.0.0', 8],
    ['169.254.0.0', 16], // link-local, cloud metadata services
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['224.0.0.0', 4], // multicast
    ['240.0.0.0', 4], // reserved, broadcast
  ];
  const v6: [string, number][] = [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7], // unique-local
    ['fe80::', 10], // link-local
    ['fec0::', 10], // site-local, deprecated but routable inside some networks
    ['ff00::', 8], // multicast
  ];
  for (const [network, prefix] of v4) list.addSubnet(network, prefix, 'ipv4');
  for (const [network, prefix] of v6) list.addSubnet(network, prefix, 'ipv6');
  return list;
})();

/** True for an address in a private range; an IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as its IPv4 one. */
export function isPrivateAddress(address: string, family: number): boolean {
  return privateRanges.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true });

/**
 * Again when sending, since the allowlist may have changed since the subscription and DNS may now point elsewhere:
 * the rules above, and no address of the host in a private range (every address, as the connection may use any).
 * The local push service's own endpoints are let through where it exists. A failed lookup throws: it is worth a retry.
 */
export async function endpointRefusalAtSend(push: PushConfig, appUrl: string, endpoint: string, lookup: Lookup = systemLookup): Promise<EndpointRefusal | null> {
  const refusal = endpointRefusal(push, appUrl, endpoint);
  if (refusal) return refusal;
  if (push.localService && localEndpointId(appUrl, endpoint)) return null;
  // WHATWG URLs keep IPv6 literals in brackets; the resolver wants them bare.
  const host = new URL(endpoint).hostname.replace(/^\[(.*)\]$/, '$1');
  const addresses = await lookup(host);
  if (!addresses.length || addresses.some(({ address, family }) => isPrivateAddress(address, family))) return 'PRIVATE_ADDRESS';
  return null;
}
