import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';

import type { Testimonial } from '../content/testimonials.js';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion.js';
import { InitialsAvatar } from './initials-avatar.js';
import { outlinedCard } from './outlined-card.js';

export const carouselAutoplayMs = 3000;

function useCardsPerView(): number {
  const wide = useMediaQuery('(min-width:1024px)', { noSsr: true });
  const medium = useMediaQuery('(min-width:768px)', { noSsr: true });
  return wide ? 3 : medium ? 2 : 1;
}

/** Loops through the testimonials, one step every 3 s, and holds still while hovered or focused. */
export function TestimonialsCarousel({ testimonials }: { testimonials: readonly Testimonial[] }) {
  const perView = Math.min(useCardsPerView(), testimonials.length);
  const reducedMotion = usePrefersReducedMotion();
  const [first, setFirst] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused || reducedMotion;
  const count = testimonials.length;

  useEffect(() => {
    if (paused || count <= perView) return;
    const timer = setInterval(() => setFirst((index) => (index + 1) % count), carouselAutoplayMs);
    return () => clearInterval(timer);
  }, [paused, count, perView]);

  const visible = Array.from(
    { length: perView },
    (_, offset) => testimonials[(first + offset) % count],
  ).filter((testimonial): testimonial is Testimonial => testimonial !== undefined);

  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label="Client testimonials"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      data-paused={paused}
    >
      <Box
        role="list"
        aria-live={paused ? 'polite' : 'off'}
        sx={{ display: 'grid', gridTemplateColumns: `repeat(${perView}, minmax(0, 1fr))`, gap: 3 }}
      >
        {visible.map((testimonial) => (
          <Box
            key={`${testimonial.id}`}
            role="listitem"
            aria-label={testimonial.name}
            sx={{
              ...outlinedCard,
              p: 3,
              display: 'flex',
              flexDirection: 'column',
              gap: 2,
              animation: reducedMotion ? 'none' : 'testimonial-in 400ms ease-out',
              '@keyframes testimonial-in': { from: { opacity: 0, transform: 'translateX(16px)' } },
            }}
          >
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
              <InitialsAvatar name={testimonial.name} />
              <Box>
                <Typography component="p" sx={{ fontWeight: 700 }}>
                  {testimonial.name}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {testimonial.job}
                </Typography>
              </Box>
            </Box>
            <Typography component="blockquote" sx={{ m: 0, flexGrow: 1 }}>
              “{testimonial.feedback}”
            </Typography>
            {testimonial.sample && (
              <Typography
                variant="caption"
                sx={{
                  alignSelf: 'flex-start',
                  px: 1.25,
                  py: 0.25,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 999,
                  color: 'text.secondary',
                }}
              >
                Sample testimonial
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', mt: 3 }}>
        <IconButton
          aria-label="Previous testimonials"
          onClick={() => setFirst((index) => (index - 1 + count) % count)}
        >
          <ChevronLeftIcon />
        </IconButton>
        <IconButton aria-label="Next testimonials" onClick={() => setFirst((index) => (index + 1) % count)}>
          <ChevronRightIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
