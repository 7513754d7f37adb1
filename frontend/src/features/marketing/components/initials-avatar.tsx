const palette = ['#d4af5a', '#8fb3d9', '#5cc99a', '#c59be6', '#f0b454', '#7fd1c7'];

export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

function colourFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return palette[hash % palette.length] ?? '#d4af5a';
}

/** A portrait stand-in drawn from the person's initials, so no photo is fetched or invented. */
export function InitialsAvatar({ name, size = 56 }: { name: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 56 56" aria-hidden="true">
      <circle cx="28" cy="28" r="28" fill={colourFor(name)} />
      <text
        x="28"
        y="29"
        textAnchor="middle"
        dominantBaseline="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="20"
        fontWeight="700"
        fill="#0b1424"
      >
        {initialsOf(name)}
      </text>
    </svg>
  );
}
