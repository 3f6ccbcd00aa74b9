import { describe, expect, it } from 'vitest';
import { SVG_HAS_DOCTYPE, SVG_NOT_SVG, SVG_NOTHING_TO_DRAW, sanitizePlanSvg } from './plan-svg.js';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const BOX = '<rect id="plot-1" x="0" y="0" width="10" height="10"/>';
const svg = (inner: string, attrs = '') => `<svg ${NS}${attrs}>${inner}${BOX}</svg>`;

/** Reads the message a refusal carries. */
function refusal(source: string): string {
  try {
    sanitizePlanSvg(source);
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
}

/** What the clean plan must never hold, whatever came in. */
const DANGEROUS =
  /script|onload|onclick|onmouseover|onerror|javascript|foreignObject|iframe|href|http:|https:|url\(|@import|expression|<use|<image|<animate|<set|<style|<a[\s>]|<handler|<!ENTITY|<!DOCTYPE|<\?/i;

describe('sanitizePlanSvg: attack strings', () => {
  // OWASP XSS filter evasion cheat sheet (SVG vectors), external references, and XML entity attacks.
  const attacks: [string, string][] = [
    ['onload on the root', svg('', ' onload="alert(\'XSS\')"')],
    ['a script element', svg('<script type="text/javascript">alert(1)</script>')],
    ['a CDATA script', svg('<script><![CDATA[alert(document.cookie)]]></script>')],
    ['a script by xlink:href data URI', svg('<script xlink:href="data:,alert(1)"/>')],
    ['an external script', svg('<script href="http://evil.example/x.js"/>')],
    [
      'an xhtml script in its own namespace',
      svg('<html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(1)</html:script>'),
    ],
    ['an anchor to javascript:', svg('<a xlink:href="javascript:alert(1)"><rect width="5" height="5"/></a>')],
    ['an anchor by entity-encoded javascript:', svg('<a href="&#106;avascript:alert(1)"><text>x</text></a>')],
    ['onclick on a shape', `<svg ${NS}><rect id="p" onclick="alert(1)" width="5" height="5"/></svg>`],
    ['onmouseover on text', svg('<text onmouseover="alert(1)">12</text>')],
    [
      'foreignObject with an iframe',
      svg('<foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="javascript:alert(1)"/></foreignObject>'),
    ],
    [
      'foreignObject with a body onload',
      svg('<foreignObject><body xmlns="http://www.w3.org/1999/xhtml" onload="alert(1)"/></foreignObject>'),
    ],
    ['an external image', svg('<image href="http://evil.example/track.png" width="1" height="1"/>')],
    ['an external image by xlink:href', svg('<image xlink:href="https://evil.example/x.svg"/>')],
    ['use of an external sprite', svg('<use xlink:href="http://evil.example/sprite.svg#plot"/>')],
    ['use of a data URI', svg('<use href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/>')],
    [
      'animate setting href to javascript:',
      svg('<a><animate attributeName="href" to="javascript:alert(1)"/><text>x</text></a>'),
    ],
    ['set adding an onmouseover', svg('<set attributeName="onmouseover" to="alert(1)"/>')],
    [
      'an xml-events handler',
      svg('<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">alert(1)</handler>'),
    ],
    ['a style element importing', svg('<style>@import url(http://evil.example/x.css); rect { fill: red }</style>')],
    [
      'fill by an external url()',
      `<svg ${NS}><rect fill="url(http://evil.example/p.svg#g)" width="5" height="5"/></svg>`,
    ],
    [
      'style with url()',
      `<svg ${NS}><rect style="fill:url(http://evil.example/x);stroke:#000" width="5" height="5"/></svg>`,
    ],
    [
      'style with an entity-hidden url()',
      `<svg ${NS}><rect style="fill:u&#114;l(http://evil.example/x)" width="5" height="5"/></svg>`,
    ],
    [
      'style with a CSS escape',
      `<svg ${NS}><rect style="fill:\\75 rl(http://evil.example/x)" width="5" height="5"/></svg>`,
    ],
    ['style with expression()', `<svg ${NS}><rect style="width:expression(alert(1))" width="5" height="5"/></svg>`],
    ['a stylesheet processing instruction', `<?xml-stylesheet href="http://evil.example/x.css"?>${svg('')}`],
    ['xml:base to another site', svg('', ' xml:base="http://evil.example/"')],
    ['a filter by url', svg('<g filter="url(http://evil.example/f.svg#f)"><rect width="5" height="5"/></g>')],
    ['an iframe straight in the svg', svg('<iframe src="javascript:alert(1)"></iframe>')],
  ];

  it.each(attacks)('cleans %s', (_name, source) => {
    const clean = sanitizePlanSvg(source);
    expect(clean.replace(' xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(DANGEROUS);
    expect(clean.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(clean).toMatch(/<rect /);
    // Cleaning is stable: the clean plan comes through unchanged.
    expect(sanitizePlanSvg(clean)).toBe(clean);
  });

  it('refuses a DOCTYPE: billion laughs, external entities (XXE), even an empty one', () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol9 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<svg ${NS}><text>&lol9;</text>${BOX}</svg>`;
    expect(refusal(laughs)).toBe(SVG_HAS_DOCTYPE);
    const xxe = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><svg ${NS}><text>&xxe;</text>${BOX}</svg>`;
    expect(refusal(xxe)).toBe(SVG_HAS_DOCTYPE);
    expect(
      refusal(
        `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${svg('')}`,
      ),
    ).toBe(SVG_HAS_DOCTYPE);
  });

  it('refuses an entity it does not know, and what is not well-formed XML', () => {
    expect(refusal(svg('<text>&lol9;</text>'))).toMatch(/^The SVG could not be read as XML \(.*\)\.$/);
    expect(refusal("<svg/onload=alert('XSS')>")).toMatch(/^The SVG could not be read as XML/);
    expect(refusal(`<svg ${NS}><rect></svg>`)).toMatch(/^The SVG could not be read as XML/);
    expect(refusal('')).toMatch(/^The SVG could not be read as XML|^The file is not an SVG/);
  });

  it('refuses a file whose root is not <svg>, and a plan with nothing left to draw', () => {
    expect(refusal('<html><body><svg><rect width="1" height="1"/></svg></body></html>')).toBe(SVG_NOT_SVG);
    expect(refusal(`<x:svg xmlns:x="http://evil.example/"><rect width="1" height="1"/></x:svg>`)).toBe(SVG_NOT_SVG);
    expect(refusal(`<svg ${NS}><script>alert(1)</script></svg>`)).toBe(SVG_NOTHING_TO_DRAW);
    expect(refusal(`<svg ${NS}><foreignObject><rect width="1" height="1"/></foreignObject><g/></svg>`)).toBe(
      SVG_NOTHING_TO_DRAW,
    );
  });
});

describe('sanitizePlanSvg: what a plan keeps', () => {
  it("keeps an Inkscape drawing's shapes, names, labels and titles, and drops its editor data", () => {
    const inkscape = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- Created with Inkscape (http://www.inkscape.org/) -->
<svg width="400" height="300" version="1.1" id="svg1"
   xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
   xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
   xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg">
  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" inkscape:zoom="1"/>
  <metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>
  <defs id="defs1"><linearGradient id="g1"/></defs>
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
    <path id="path12" inkscape:label="Plot 12" d="M 10,10 H 60 V 50 H 10 Z" style="fill:#ffffff;stroke:#000000;stroke-width:1;fill:url(#g1)"/>
    <rect data-plot="13" x="70" y="10" width="50" height="40" fill="#eee" sodipodi:nodetypes="cccc"/>
    <polygon points="130,10 180,10 180,50 130,50"><title>Plot 14</title></polygon>
    <text x="35" y="35" font-size="10" text-anchor="middle">12 &amp; <tspan>A&lt;B</tspan></text>
  </g>
</svg>`;
    const clean = sanitizePlanSvg(inkscape);
    expect(clean).toContain('xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"');
    expect(clean).toContain('viewBox="0 0 400 300"');
    expect(clean).toContain('inkscape:label="Plot 12"');
    expect(clean).toContain('style="fill:#ffffff;stroke:#000000;stroke-width:1"');
    expect(clean).toContain('d="M 10,10 H 60 V 50 H 10 Z"');
    expect(clean).toContain('<rect data-plot="13" x="70" y="10" width="50" height="40" fill="#eee">');
    expect(clean).toContain('<title>Plot 14</title>');
    expect(clean).toContain('12 &amp; <tspan>A&lt;B</tspan>');
    expect(clean).not.toMatch(/sodipodi|metadata|rdf|defs|linearGradient|groupmode|Created with|<\?xml/);
    expect(sanitizePlanSvg(clean)).toBe(clean);
  });

  it('keeps a viewBox the drawing has, and adds none for sizes it cannot read', () => {
    expect(sanitizePlanSvg(`<svg ${NS} viewBox="0 0 8 8" width="100%">${BOX}</svg>`)).toContain('viewBox="0 0 8 8"');
    expect(sanitizePlanSvg(`<svg ${NS} width="10cm" height="5cm">${BOX}</svg>`)).not.toContain('viewBox');
  });

  it('reads an SVG without a namespace as SVG', () => {
    expect(sanitizePlanSvg('<svg width="10" height="10"><circle cx="5" cy="5" r="4" onclick="x()"/></svg>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"></circle></svg>',
    );
  });
});
