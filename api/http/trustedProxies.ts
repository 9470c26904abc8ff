import { BlockList, isIP } from 'node:net';
import { SettingError } from '../settingError.ts';

/**
 * Reads TRUST_PROXY: addresses and CIDR ranges (`10.0.0.5`, `10.0.0.0/8`, `fd00::/8`), separated by commas or spaces.
 * @throws SettingError naming the first entry that is neither
 */
export function parseTrustedProxies(text: string | undefined): string[] {
  const entries = (text ?? '').split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const width = family === 4 ? 32 : 128;
    const validBits = bits === undefined || (/^[0-9]{1,3}$/.test(bits) && Number(bits) <= width);
    if (!family || !validBits || rest.length)
      throw new SettingError(
        `TRUST_PROXY: "${entry}" is not an address or a CIDR range (e.g. 10.0.0.5 or 10.0.0.0/8, separated by commas)`,
      );
  }
  return entries;
}

/**
 * Whether a connecting address is one of the trusted proxies (an IPv4 address written as IPv6, `::ffff:10.0.0.5`,
 * counts as its IPv4 self).
 * @param entries - addresses and CIDR ranges, as parseTrustedProxies answers them
 */
export function isTrustedProxy(entries: string[]): (address: string | undefined) => boolean {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (address) => {
    if (!address) return false;
    return list.check(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
  };
}
