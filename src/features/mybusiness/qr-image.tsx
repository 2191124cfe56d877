import Box from '@mui/material/Box';
import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code as one SVG path (no canvas, no data: URL, so nothing the CSP must allow): sharp at any
 * size, on a phone's screen and in a picture of it. Error correction M, as the receipt PDF draws its own.
 */
export function QrImage({
  text,
  size,
  label,
  testId,
}: {
  text: string;
  size: number;
  label: string;
  testId?: string;
}) {
  const { n, d } = useMemo(() => {
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const count = qr.modules.size;
    let path = '';
    for (let row = 0; row < count; row++)
      for (let col = 0; col < count; col++) if (qr.modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`;
    return { n: count, d: path };
  }, [text]);
  const quiet = 4;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      data-testid={testId}
      viewBox={`${-quiet} ${-quiet} ${n + quiet * 2} ${n + quiet * 2}`}
      shapeRendering="crispEdges"
      sx={{ width: size, height: size, maxWidth: '100%', display: 'block', bgcolor: '#fff', borderRadius: 1 }}
    >
      <rect x={-quiet} y={-quiet} width={n + quiet * 2} height={n + quiet * 2} fill="#fff" />
      <path d={d} fill="#000" />
    </Box>
  );
}
