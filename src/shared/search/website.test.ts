import { describe, expect, it } from 'vitest';
import { typedWebsite, websiteDomain } from './website.ts';

describe('typedWebsite', () => {
  it.each([
    ['stripe.com', 'stripe.com', 'stripe'],
    ['https://www.ikea.com/', 'ikea.com', 'ikea'],
    ['www.ikea.com/us/en/', 'ikea.com', 'ikea'],
    ['HTTP://Microsoft.COM', 'microsoft.com', 'microsoft'],
    ['Booking.com', 'booking.com', 'booking'],
    ['bbc.co.uk', 'bbc.co.uk', 'bbc'],
    ['foundation.mozilla.org', 'foundation.mozilla.org', 'mozilla'],
    ['https://about.google/', 'about.google', 'about'],
  ])('%s is the website %s (words: %s)', (typed, domain, label) => {
    expect(typedWebsite(typed)).toEqual({ domain, label });
  });

  it.each([
    'stripe',
    'Node.js',
    'Dr.Oetker',
    'Procter & Gamble',
    'ikea .com',
    'a.b.c',
    '.com',
    'ftp://x.com',
  ])('%j is not a website', (typed) => {
    expect(typedWebsite(typed)).toBeNull();
  });
});

describe('websiteDomain', () => {
  it('reads the host of an official website without www., and only of http(s) addresses', () => {
    expect(websiteDomain('https://www.microsoft.com/en-us/')).toBe('microsoft.com');
    expect(websiteDomain('http://IKEA.com')).toBe('ikea.com');
    expect(websiteDomain('javascript:alert(1)')).toBeNull();
    expect(websiteDomain('not an address')).toBeNull();
  });
});
