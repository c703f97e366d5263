// Where a board's cells lie in the photo: the projective map of the grid onto its four corners.
"use strict";

const Geometry = (() => {
  // The 3x3 matrix taking the unit square (0,0) (1,0) (1,1) (0,1) onto the quad p0..p3 (Heckbert).
  function squareToQuad(p) {
    const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = p;
    const dx1 = x1 - x2, dx2 = x3 - x2, dx3 = x0 - x1 + x2 - x3;
    const dy1 = y1 - y2, dy2 = y3 - y2, dy3 = y0 - y1 + y2 - y3;
    let g = 0, h = 0;
    if (Math.abs(dx3) > 1e-9 || Math.abs(dy3) > 1e-9) {
      const det = dx1 * dy2 - dx2 * dy1;
      g = (dx3 * dy2 - dx2 * dy3) / det;
      h = (dx1 * dy3 - dx3 * dy1) / det;
    }
    return [
      x1 - x0 + g * x1, x3 - x0 + h * x3, x0,
      y1 - y0 + g * y1, y3 - y0 + h * y3, y0,
      g, h, 1,
    ];
  }

  // The photo position of grid point (col, row), 0..cols and 0..rows, for a board at corners.
  function gridPoint(matrix, col, row, cols, rows) {
    const u = col / cols, v = row / rows;
    const [a, b, c, d, e, f, g, h, i] = matrix;
    const w = g * u + h * v + i;
    return [(a * u + b * v + c) / w, (d * u + e * v + f) / w];
  }

  // The four photo corners of cell (row, col), clockwise from its top-left.
  function cellQuad(matrix, row, col, rows, cols) {
    return [
      gridPoint(matrix, col, row, cols, rows),
      gridPoint(matrix, col + 1, row, cols, rows),
      gridPoint(matrix, col + 1, row + 1, cols, rows),
      gridPoint(matrix, col, row + 1, cols, rows),
    ];
  }

  function centre(quad) {
    return [quad.reduce((s, p) => s + p[0], 0) / 4, quad.reduce((s, p) => s + p[1], 0) / 4];
  }

  return { squareToQuad, gridPoint, cellQuad, centre };
})();
