import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';

import { stubMediaQueries } from '../../../testing/media-queries.js';
import { testimonials } from '../content/testimonials.js';
import { TestimonialsCarousel } from './testimonials-carousel.js';

function shownNames() {
  const list = screen.getByRole('list');
  return within(list)
    .getAllByRole('listitem')
    .map((card) => card.getAttribute('aria-label'));
}

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

const names = testimonials.map((testimonial) => testimonial.name);

describe('the testimonials carousel', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it.each([
    [1280, 3],
    [1024, 3],
    [1023, 2],
    [768, 2],
    [767, 1],
    [600, 1],
  ])('shows the right number of cards at %i px', (width, cards) => {
    stubMediaQueries({ width });
    render(<TestimonialsCarousel testimonials={testimonials} />);

    expect(shownNames()).toEqual(names.slice(0, cards));
  });

  it('moves on one card every 3 seconds and loops back to the first', () => {
    stubMediaQueries({ width: 1280 });
    render(<TestimonialsCarousel testimonials={testimonials} />);

    advance(2999);
    expect(shownNames()).toEqual(names.slice(0, 3));
    advance(1);
    expect(shownNames()).toEqual(names.slice(1, 4));
    advance(3000 * 3);
    expect(shownNames()).toEqual([names[4], names[0], names[1]]);
    advance(3000);
    expect(shownNames()).toEqual(names.slice(0, 3));
  });

  it('holds still while the pointer is over it and resumes when it leaves', () => {
    stubMediaQueries({ width: 1280 });
    render(<TestimonialsCarousel testimonials={testimonials} />);
    const carousel = screen.getByRole('region', { name: 'Client testimonials' });

    fireEvent.mouseEnter(carousel);
    advance(9000);
    expect(shownNames()).toEqual(names.slice(0, 3));

    fireEvent.mouseLeave(carousel);
    advance(3000);
    expect(shownNames()).toEqual(names.slice(1, 4));
  });

  it('never autoplays for visitors who ask for reduced motion, but steps on request', () => {
    stubMediaQueries({ width: 600, reducedMotion: true });
    render(<TestimonialsCarousel testimonials={testimonials} />);

    advance(30_000);
    expect(shownNames()).toEqual([names[0]]);
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonials' }));
    expect(shownNames()).toEqual([names[1]]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonials' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonials' }));
    expect(shownNames()).toEqual([names[4]]);
  });

  it('marks every shipped testimonial as a sample and draws an initials avatar', () => {
    stubMediaQueries({ width: 1280 });
    render(<TestimonialsCarousel testimonials={testimonials} />);

    for (const card of screen.getAllByRole('listitem')) {
      expect(within(card).getByText('Sample testimonial')).toBeInTheDocument();
      expect(card.querySelector('svg text')?.textContent).toMatch(/^[A-Z]{2}$/);
    }
    expect(testimonials.every((testimonial) => testimonial.sample)).toBe(true);
  });
});
