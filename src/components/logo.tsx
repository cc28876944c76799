export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-blue-7)" />
      <path d="M9 21.5 16 9l7 12.5h-4.2L16 16.4l-2.8 5.1z" fill="#fff" />
    </svg>
  );
}
