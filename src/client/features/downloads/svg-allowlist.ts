/*
 * The SVG elements and attributes WikiLogos passes on, in one place: the sheet's sanitiser keeps
 * only SVG_ELEMENTS, and the React component writer keeps only what React's JSX types accept.
 */

/** SVG 1.1/2 elements that draw, structure, style, filter or describe; everything else goes. */
// prettier-ignore
export const SVG_ELEMENTS: ReadonlySet<string> = new Set([
  'a', 'animate', 'animateMotion', 'animateTransform', 'circle', 'clipPath', 'defs', 'desc',
  'ellipse', 'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix',
  'feDiffuseLighting', 'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA',
  'feFuncB', 'feFuncG', 'feFuncR', 'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode',
  'feMorphology', 'feOffset', 'fePointLight', 'feSpecularLighting', 'feSpotLight', 'feTile',
  'feTurbulence', 'filter', 'g', 'hatch', 'hatchpath', 'image', 'line', 'linearGradient', 'marker',
  'mask', 'mpath', 'path', 'pattern', 'polygon', 'polyline', 'radialGradient', 'rect', 'set', 'stop',
  'style', 'svg', 'switch', 'symbol', 'text', 'textPath', 'title', 'tspan', 'use', 'view',
]);

/**
 * The elements React's JSX types know (JSX.IntrinsicElements). An SVG <a> is typed as an HTML
 * anchor there, so the component writer turns it into a <g> before this check.
 */
export const JSX_SVG_ELEMENTS: ReadonlySet<string> = new Set(
  [...SVG_ELEMENTS].filter((name) => !['a', 'hatch', 'hatchpath'].includes(name)),
);

/**
 * SVG attributes of React's `SVGAttributes` whose type takes any string (so `name="value"` always
 * type-checks), in React's camelCase spelling.
 */
// prettier-ignore
export const REACT_SVG_ATTRIBUTES: ReadonlySet<string> = new Set([
  'color', 'height', 'id', 'lang', 'max', 'media', 'method', 'min', 'name', 'target', 'type',
  'width', 'accentHeight', 'alphabetic', 'amplitude', 'ascent', 'attributeName', 'attributeType',
  'azimuth', 'baseFrequency', 'baselineShift', 'baseProfile', 'bbox', 'begin', 'bias', 'by',
  'calcMode', 'capHeight', 'clip', 'clipPath', 'clipPathUnits', 'clipRule', 'colorInterpolation',
  'colorProfile', 'colorRendering', 'contentScriptType', 'contentStyleType', 'cursor', 'cx', 'cy',
  'd', 'decelerate', 'descent', 'diffuseConstant', 'direction', 'display', 'divisor', 'dur', 'dx',
  'dy', 'edgeMode', 'elevation', 'enableBackground', 'end', 'exponent', 'fill', 'fillOpacity',
  'filter', 'filterRes', 'filterUnits', 'floodColor', 'floodOpacity', 'fontFamily', 'fontSize',
  'fontSizeAdjust', 'fontStretch', 'fontStyle', 'fontVariant', 'fontWeight', 'format', 'fr', 'from',
  'fx', 'fy', 'glyphName', 'glyphOrientationHorizontal', 'glyphOrientationVertical', 'glyphRef',
  'gradientTransform', 'gradientUnits', 'hanging', 'horizAdvX', 'horizOriginX', 'href',
  'ideographic', 'imageRendering', 'in', 'in2', 'intercept', 'k', 'k1', 'k2', 'k3', 'k4',
  'kernelMatrix', 'kernelUnitLength', 'kerning', 'keyPoints', 'keySplines', 'keyTimes',
  'lengthAdjust', 'letterSpacing', 'lightingColor', 'limitingConeAngle', 'local', 'markerEnd',
  'markerHeight', 'markerMid', 'markerStart', 'markerUnits', 'markerWidth', 'mask',
  'maskContentUnits', 'maskUnits', 'mathematical', 'mode', 'numOctaves', 'offset', 'opacity',
  'operator', 'order', 'orient', 'orientation', 'origin', 'overflow', 'overlinePosition',
  'overlineThickness', 'paintOrder', 'panose1', 'path', 'pathLength', 'patternContentUnits',
  'patternTransform', 'patternUnits', 'pointerEvents', 'points', 'pointsAtX', 'pointsAtY',
  'pointsAtZ', 'preserveAspectRatio', 'primitiveUnits', 'r', 'radius', 'refX', 'refY',
  'renderingIntent', 'repeatCount', 'repeatDur', 'requiredExtensions', 'requiredFeatures',
  'restart', 'result', 'rotate', 'rx', 'ry', 'scale', 'seed', 'shapeRendering', 'slope', 'spacing',
  'specularConstant', 'specularExponent', 'speed', 'spreadMethod', 'startOffset', 'stdDeviation',
  'stemh', 'stemv', 'stitchTiles', 'stopColor', 'stopOpacity', 'strikethroughPosition',
  'strikethroughThickness', 'string', 'stroke', 'strokeDasharray', 'strokeDashoffset',
  'strokeMiterlimit', 'strokeOpacity', 'strokeWidth', 'surfaceScale', 'systemLanguage',
  'tableValues', 'targetX', 'targetY', 'textDecoration', 'textLength', 'textRendering', 'to',
  'transform', 'u1', 'u2', 'underlinePosition', 'underlineThickness', 'unicode', 'unicodeBidi',
  'unicodeRange', 'unitsPerEm', 'vAlphabetic', 'values', 'vectorEffect', 'version', 'vertAdvY',
  'vertOriginX', 'vertOriginY', 'vHanging', 'vIdeographic', 'viewBox', 'viewTarget', 'visibility',
  'vMathematical', 'widths', 'wordSpacing', 'writingMode', 'x', 'x1', 'x2', 'xChannelSelector',
  'xHeight', 'xmlLang', 'xmlns', 'xmlSpace', 'y', 'y1', 'y2', 'yChannelSelector', 'z', 'zoomAndPan',
  'g1', 'g2',
]);

const BOOLEANISH = ['true', 'false'];
// prettier-ignore
const BASELINES = [
  'auto', 'ideographic', 'alphabetic', 'hanging', 'mathematical', 'central', 'middle',
  'text-after-edge', 'text-before-edge', 'inherit',
];

/** SVG attributes React types as a union of keywords: a value outside it would not type-check. */
export const KEYWORD_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  accumulate: new Set(['none', 'sum']),
  additive: new Set(['replace', 'sum']),
  alignmentBaseline: new Set([...BASELINES, 'baseline', 'before-edge', 'after-edge']),
  allowReorder: new Set(['no', 'yes']),
  arabicForm: new Set(['initial', 'medial', 'terminal', 'isolated']),
  autoReverse: new Set(BOOLEANISH),
  colorInterpolationFilters: new Set(['auto', 'sRGB', 'linearRGB', 'inherit']),
  dominantBaseline: new Set([...BASELINES, 'use-script', 'no-change', 'reset-size']),
  fillRule: new Set(['nonzero', 'evenodd', 'inherit']),
  preserveAlpha: new Set(BOOLEANISH),
  strokeLinecap: new Set(['butt', 'round', 'square', 'inherit']),
  strokeLinejoin: new Set(['miter', 'round', 'bevel', 'inherit']),
  textAnchor: new Set(['start', 'middle', 'end', 'inherit']),
};
