/** The network's mark: a black and red split circle with a five-point star, drawn inline (no request). */
export function LogoMark({ className = "h-9 w-9" }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#0d0c0c" stroke="#ffffff" strokeWidth="3" />
      <path d="M53.2 10.8A30 30 0 0 1 10.8 53.2Z" fill="#c81e1e" />
      <path
        d="M32 14l4.7 11.6 12.5.9-9.6 8 3 12.2L32 40.1l-10.6 6.6 3-12.2-9.6-8 12.5-.9z"
        fill="#ffffff"
      />
    </svg>
  );
}
