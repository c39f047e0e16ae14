import { useId } from 'react';
import { cn } from '../../lib/cn';

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  sea: string;
  seaLight: string;
  sand: string;
  roof: string;
  wall: string;
}

const morning: Palette = {
  skyTop: '#8fd9e8',
  skyBottom: '#e3f6f3',
  sun: '#f7d58b',
  sea: '#14968a',
  seaLight: '#58d0c6',
  sand: '#e9dcc0',
  roof: '#8a5a2b',
  wall: '#c99a5b',
};

const palettes: readonly Palette[] = [
  morning,
  {
    skyTop: '#f4b183',
    skyBottom: '#fde8cf',
    sun: '#fff1c1',
    sea: '#0d7a71',
    seaLight: '#2bb3a3',
    sand: '#dbc59a',
    roof: '#6b4423',
    wall: '#b7864c',
  },
  {
    skyTop: '#5fb6d9',
    skyBottom: '#d4eef5',
    sun: '#fde8b0',
    sea: '#0b5f5a',
    seaLight: '#14968a',
    sand: '#f5eedf',
    roof: '#7a4b22',
    wall: '#d2a86c',
  },
];

/**
 * A drawn beach-cabin scene used as the cabin photo placeholder (no external images: the CSP
 * allows only this origin). Decorative, so hidden from assistive tech.
 */
export function CabinIllustration({
  variant = 0,
  className,
}: {
  variant?: number;
  className?: string;
}) {
  // useId output may hold characters that are not valid in url(#...) references.
  const id = `cabin-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const palette = palettes[Math.abs(variant) % palettes.length] ?? morning;
  const skyId = `${id}-sky`;

  return (
    <svg
      viewBox="0 0 320 180"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      className={cn('block h-full w-full', className)}
    >
      <defs>
        <linearGradient id={skyId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={palette.skyTop} />
          <stop offset="1" stopColor={palette.skyBottom} />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#${skyId})`} />
      <circle cx="252" cy="46" r="20" fill={palette.sun} />
      <path d="M0 96c26-6 52-6 80 0s54 6 80 0 54-6 80 0 54 6 80 0v84H0z" fill={palette.sea} />
      <path
        d="M0 108c26-5 52-5 80 0s54 5 80 0 54-5 80 0 54 5 80 0"
        fill="none"
        stroke={palette.seaLight}
        strokeWidth="3"
        strokeLinecap="round"
        opacity="0.7"
      />
      <path d="M0 132c60-14 140-18 200-10s96 8 120 2v56H0z" fill={palette.sand} />
      {/* Palm tree */}
      <path
        d="M64 150c2-26 6-50 16-72"
        fill="none"
        stroke="#6b4423"
        strokeWidth="5"
        strokeLinecap="round"
      />
      <path d="M80 78c-10-8-26-10-38-4 14 0 26 4 36 10z" fill="#2f7d4f" />
      <path d="M80 78c4-12 16-20 30-20-10 6-18 14-26 24z" fill="#2f7d4f" />
      <path d="M80 78c12-4 26 0 34 10-12-4-24-4-34-2z" fill="#3a9460" />
      <path d="M80 78c-4-12-14-20-28-22 8 6 16 14 24 26z" fill="#3a9460" />
      {/* Cabin on stilts */}
      <rect x="166" y="126" width="4" height="22" fill={palette.roof} />
      <rect x="226" y="126" width="4" height="22" fill={palette.roof} />
      <rect x="160" y="98" width="76" height="32" rx="2" fill={palette.wall} />
      <path d="M150 100l48-32 48 32z" fill={palette.roof} />
      <rect x="190" y="108" width="16" height="22" rx="1" fill={palette.roof} opacity="0.85" />
      <rect x="168" y="106" width="14" height="12" rx="1" fill={palette.skyBottom} />
      <rect x="214" y="106" width="14" height="12" rx="1" fill={palette.skyBottom} />
      <rect x="156" y="128" width="84" height="4" fill={palette.roof} />
    </svg>
  );
}
