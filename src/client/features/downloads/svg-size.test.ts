import { describe, expect, it } from 'vitest';
import { svgIntrinsicSize } from './svg-size.ts';

describe('svgIntrinsicSize', () => {
  it('takes width and height when both are absolute lengths, whatever the viewBox says', () => {
    expect(svgIntrinsicSize({ width: '200', height: '100', viewBox: '0 0 10 10' })).toEqual({
      width: 200,
      height: 100,
    });
    expect(svgIntrinsicSize({ width: '1in', height: '72pt' })).toEqual({ width: 96, height: 96 });
  });

  it('completes one missing length from the viewBox proportions', () => {
    expect(svgIntrinsicSize({ width: '300', viewBox: '0 0 60 20' })).toEqual({
      width: 300,
      height: 100,
    });
    expect(svgIntrinsicSize({ height: '50', width: '100%', viewBox: '0,0,60,20' })).toEqual({
      width: 150,
      height: 50,
    });
  });

  it('falls back to the viewBox size, and to nothing when no attribute helps', () => {
    expect(svgIntrinsicSize({ viewBox: '-5 -5 24 12' })).toEqual({ width: 24, height: 12 });
    expect(svgIntrinsicSize({ width: '100%', height: 'auto' })).toBeNull();
    expect(svgIntrinsicSize({ viewBox: '0 0 0 10' })).toBeNull();
    expect(svgIntrinsicSize({})).toBeNull();
  });
});
