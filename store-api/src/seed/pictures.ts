import { loadSharp } from "../media/sharp.js";
import { hashString, seededRandom } from "./random.js";

/**
 * The demo catalogue's product pictures, drawn here rather than downloaded (the
 * store runs offline): an SVG of a gradient, a simple shape and the product's
 * name, rendered by sharp (librsvg) and encoded as JPEG. The same product and
 * view always give the same picture.
 */

/** Side of the square pictures' drawing, in the SVG's own units. */
export const PICTURE_SIZE = 1200;
/**
 * Side of the square pictures as drawn, in pixels: the store's "large" size (media/files.ts), which it
 * resizes into its five (the largest are never upscaled). Drawn at 1,200 pixels, each picture cost a
 * third more to draw, encode and render, most of the demo seed's time on `npm start`'s first start.
 */
export const PICTURE_PIXELS = 1024;

export interface PictureRequest {
  /** The product's name, written on the picture. */
  name: string;
  /** Its category, written small above the name; also picks the palette. */
  category: string;
  /** 0-based view of the product (its first picture, second…): each view is laid out differently. */
  view: number;
  /** How many pictures the product has (shown as "2 / 3"). */
  views: number;
}

/** Two-colour gradients, a few per category (unknown categories use the last list). */
const PALETTES: Record<string, [string, string][]> = {
  apparel: [
    ["#1e3a5f", "#4f86c6"],
    ["#3d2c4f", "#9a6fb0"],
    ["#2f4f4f", "#6fa39a"],
  ],
  home: [
    ["#7a4b2a", "#d9a066"],
    ["#5b5f3a", "#b5b86b"],
    ["#6b3a3a", "#d98880"],
  ],
  kitchen: [
    ["#8a2f1d", "#e07a4f"],
    ["#2e4a2e", "#7fb069"],
    ["#4a3b2a", "#c8a47e"],
  ],
  stationery: [
    ["#22313f", "#6c7a89"],
    ["#4b2142", "#c06c84"],
    ["#1b4d3e", "#52b69a"],
  ],
  outdoors: [
    ["#1f3b2c", "#5f9e6e"],
    ["#23395b", "#5fa8d3"],
    ["#5a3e1b", "#d4a373"],
  ],
  other: [
    ["#333344", "#8888aa"],
    ["#443322", "#aa8866"],
  ],
};

const SHAPES = ["circle", "square", "triangle", "hexagon", "diamond", "ring"] as const;

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Splits a name into at most three lines of about `width` characters. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= 3) return lines;
  return [
    ...lines.slice(0, 2),
    `${lines
      .slice(2)
      .join(" ")
      .slice(0, width - 1)}…`,
  ];
}

function polygon(cx: number, cy: number, r: number, sides: number, rotation: number): string {
  const points: string[] = [];
  for (let i = 0; i < sides; i++) {
    const a = rotation + (i * 2 * Math.PI) / sides;
    points.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return points.join(" ");
}

function shapeSvg(shape: (typeof SHAPES)[number], cx: number, cy: number, r: number, rotation: number): string {
  const style = `fill="#ffffff" fill-opacity="0.22" stroke="#ffffff" stroke-opacity="0.45" stroke-width="6"`;
  switch (shape) {
    case "circle":
      return `<circle cx="${cx}" cy="${cy}" r="${r}" ${style}/>`;
    case "ring":
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${Math.round(r / 4)}"/>`;
    case "square":
      return `<rect x="${cx - r}" y="${cy - r}" width="${2 * r}" height="${2 * r}" rx="${Math.round(r / 5)}" transform="rotate(${Math.round((rotation * 180) / Math.PI)} ${cx} ${cy})" ${style}/>`;
    case "triangle":
      return `<polygon points="${polygon(cx, cy, r * 1.2, 3, rotation - Math.PI / 2)}" ${style}/>`;
    case "hexagon":
      return `<polygon points="${polygon(cx, cy, r * 1.1, 6, rotation)}" ${style}/>`;
    case "diamond":
      return `<polygon points="${polygon(cx, cy, r * 1.2, 4, rotation)}" ${style}/>`;
  }
}

/** The SVG source of a picture (exported for tests and the curious). */
export function pictureSvg(p: PictureRequest): string {
  const size = PICTURE_SIZE;
  const random = seededRandom(hashString(`${p.name}#${p.view}`));
  const palettes = PALETTES[p.category.toLowerCase()] ?? PALETTES.other!;
  const [from, to] = palettes[(hashString(p.name) + p.view) % palettes.length]!;
  const angle = random.int(0, 3) * 45;
  const shape = SHAPES[(hashString(p.name) + p.view) % SHAPES.length]!;
  const cx = Math.round(size * (0.3 + random.next() * 0.4));
  const cy = Math.round(size * (0.28 + random.next() * 0.2));
  const r = Math.round(size * (0.16 + random.next() * 0.08));
  const lines = wrap(p.name, 18);
  const fontSize = 84;
  const firstLine = size - 120 - (lines.length - 1) * fontSize * 1.15;
  const text = lines
    .map(
      (line, i) =>
        `<text x="80" y="${Math.round(firstLine + i * fontSize * 1.15)}" font-size="${fontSize}" font-weight="bold">${escapeXml(line)}</text>`,
    )
    .join("");
  const dots = Array.from({ length: 3 }, () => {
    const x = random.int(60, size - 60);
    const y = random.int(60, Math.round(size * 0.6));
    return `<circle cx="${x}" cy="${y}" r="${random.int(10, 40)}" fill="#ffffff" fill-opacity="0.12"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PICTURE_PIXELS}" height="${PICTURE_PIXELS}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="${size}" height="${size}" fill="url(#g)"/>
${dots}
${shapeSvg(shape, cx, cy, r, random.next() * Math.PI)}
<g font-family="DejaVu Sans, Helvetica, Arial, sans-serif" fill="#ffffff">
<text x="80" y="110" font-size="40" letter-spacing="6" fill-opacity="0.8">${escapeXml(p.category.toUpperCase())}</text>
<text x="${size - 80}" y="110" font-size="40" text-anchor="end" fill-opacity="0.8">${p.view + 1} / ${p.views}</text>
${text}
</g>
</svg>`;
}

/** The picture as a JPEG. */
export async function productPicture(p: PictureRequest): Promise<Buffer> {
  // Plain libjpeg: mozjpeg's smaller files cost four times the time, and the store re-encodes anyway.
  const sharp = await loadSharp();
  return sharp(Buffer.from(pictureSvg(p)))
    .jpeg({ quality: 85 })
    .toBuffer();
}
