/** The product logo, drawn inline so that nothing is fetched from another origin. */
export function Logo({ height = 32 }: { height?: number }) {
  return (
    <svg height={height} viewBox="0 0 176 40" role="img" aria-label="Action Tesa">
      <rect x="0" y="4" width="32" height="32" rx="8" fill="#2e7d32" />
      <path d="M9 28 L16 11 L23 28 M12 22 H20" stroke="#fff" strokeWidth="3" fill="none" />
      <text x="40" y="27" fontFamily="Arial, sans-serif" fontSize="18" fontWeight="700" fill="currentColor">
        Action Tesa
      </text>
    </svg>
  );
}
