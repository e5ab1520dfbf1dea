/**
 * What a label's QR holds is `<SCAN_BASE_URL>/q/<code>`; a bare code (typed or from another label
 * printer) is taken as it is. The server parses the code itself (checksum and all).
 */
export function codeFromLabel(raw: string): string {
  const text = raw.trim();
  const match = /\/q\/([^/?#\s]+)\/?(?:[?#].*)?$/.exec(text);
  return match?.[1] ? decodeURIComponent(match[1]) : text;
}
