import Box from '@mui/material/Box';

/** A rising chart line behind the hero, drawn by the project. */
export function HeroBackdrop() {
  return (
    <Box
      component="svg"
      aria-hidden="true"
      viewBox="0 0 800 400"
      preserveAspectRatio="none"
      sx={{
        position: 'absolute',
        right: 0,
        bottom: 0,
        width: '100%',
        height: '55%',
        opacity: 0.45,
        // Fades out towards the text so the chart never runs behind the words.
        maskImage: 'linear-gradient(to right, transparent 10%, black 75%)',
      }}
    >
      <defs>
        <linearGradient id="hero-area" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#d4af5a" stopOpacity="0.35" />
          <stop offset="1" stopColor="#d4af5a" stopOpacity="0" />
        </linearGradient>
      </defs>
      <path
        d="M0 330 L90 300 L160 316 L240 262 L320 276 L400 214 L470 230 L550 168 L630 182 L710 118 L800 92 L800 400 L0 400 Z"
        fill="url(#hero-area)"
      />
      <path
        d="M0 330 L90 300 L160 316 L240 262 L320 276 L400 214 L470 230 L550 168 L630 182 L710 118 L800 92"
        fill="none"
        stroke="#e8cd8a"
        strokeWidth="2"
      />
      <path
        d="M0 360 L120 344 L220 352 L330 318 L430 326 L540 282 L650 290 L800 236"
        fill="none"
        stroke="#8fb3d9"
        strokeOpacity="0.6"
        strokeWidth="1.5"
      />
    </Box>
  );
}
