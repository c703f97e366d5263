"""Rasterise textured planar faces with a depth buffer.

Each face is drawn by warping its texture into its projected quad (a homography per face)
inside the quad's bounding box only. Inverse depth is affine in pixel coordinates over a
planar face, so the depth test costs one multiply-add per pixel. Faces are drawn far to
near so that anti-aliased edges blend over what lies behind them.
"""

from __future__ import annotations

import cv2
import numpy as np

from boardsight.datasets.synth.camera import Camera
from boardsight.datasets.synth.scene import Face

_SUBPIXEL_BITS = 4


class Canvas:
    """Colour (H, W, 3) float32, inverse-depth buffer and owner-id buffer of one render."""

    def __init__(self, background: np.ndarray) -> None:
        self.color = background.astype(np.float32, copy=True)
        height, width = background.shape[:2]
        self.inv_depth = np.zeros((height, width), np.float32)
        self.owner = np.zeros((height, width), np.int32)

    @property
    def size(self) -> tuple[int, int]:
        return self.color.shape[1], self.color.shape[0]


def quad_area(quad: np.ndarray) -> float:
    """Area in pixels of a (4, 2) quad (half the cross product of its diagonals)."""
    d1, d2 = quad[2] - quad[0], quad[3] - quad[1]
    return 0.5 * abs(float(d1[0] * d2[1] - d1[1] * d2[0]))


def inverse_depth_plane(camera: Camera, cam_points: np.ndarray) -> np.ndarray:
    """Coefficients (a, b, c) with ``1/z = a x + b y + c`` over a planar face.

    ``cam_points`` (3+, 3) are points of the face in camera coordinates. A pixel's ray is
    ``K^-1 (x, y, 1)``; it meets the plane ``n . X = d`` at depth ``z`` with
    ``1/z = (n . K^-1 (x, y, 1)) / d``.
    """
    u, v = cam_points[1] - cam_points[0], cam_points[2] - cam_points[0]
    normal = np.array([u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]])
    distance = float(normal @ cam_points[0])
    if abs(distance) < 1e-12:
        return np.zeros(3)
    return (camera.K_inv.T @ normal) / distance


def _coverage_polygon(quad: np.ndarray, width: int, height: int) -> np.ndarray:
    mask = np.zeros((height, width), np.uint8)
    points = np.round(quad * (1 << _SUBPIXEL_BITS)).astype(np.int32)
    cv2.fillConvexPoly(mask, points, 255, lineType=cv2.LINE_AA, shift=_SUBPIXEL_BITS)
    return mask * np.float32(1.0 / 255.0)


def draw_face(canvas: Canvas, camera: Camera, face: Face, cam: np.ndarray | None = None) -> bool:
    """Draw one face; returns False when it is hidden, edge-on or off-screen.

    ``cam`` are the face's corners in camera coordinates when already known.
    """
    if cam is None:
        cam = camera.to_camera(face.corners)
    if np.any(cam[:, 2] <= 1e-3):
        return False
    to_eye = camera.C - face.centre
    if float(face.normal @ to_eye) <= 1e-9 * float(np.linalg.norm(to_eye)):
        return False
    pix = cam @ camera.K.T
    quad = pix[:, :2] / pix[:, 2:3]
    width, height = canvas.size
    low = np.floor(quad.min(axis=0)).astype(int) - 1
    high = np.ceil(quad.max(axis=0)).astype(int) + 2
    x0, y0 = max(int(low[0]), 0), max(int(low[1]), 0)
    x1, y1 = min(int(high[0]), width), min(int(high[1]), height)
    if x1 - x0 < 1 or y1 - y0 < 1 or quad_area(quad) < 0.25:
        return False
    local = (quad - [x0, y0]).astype(np.float32)
    roi_w, roi_h = x1 - x0, y1 - y0

    shade = np.float32(face.shade)
    if face.texture is not None:
        tex_h, tex_w = face.texture.shape[:2]
        src = np.array([[0, 0], [tex_w, 0], [tex_w, tex_h], [0, tex_h]], np.float32) - 0.5
        warp = cv2.getPerspectiveTransform(src, local)
        color = cv2.warpPerspective(
            face.texture, warp, (roi_w, roi_h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        )
        alpha_src = face.alpha if face.alpha is not None else np.ones((tex_h, tex_w), np.float32)
        coverage = cv2.warpPerspective(
            alpha_src, warp, (roi_w, roi_h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT
        )
        color *= shade
    else:
        coverage = _coverage_polygon(local, roi_w, roi_h)
        color = np.array(face.color[::-1], np.float32) * shade

    a, b, c = inverse_depth_plane(camera, cam)
    xs = np.arange(x0, x1, dtype=np.float32) * np.float32(a)
    ys = np.arange(y0, y1, dtype=np.float32)[:, None] * np.float32(b) + np.float32(c)
    inv_depth = xs + ys
    depth_roi = canvas.inv_depth[y0:y1, x0:x1]
    visible = inv_depth * np.float32(1.0 + 2e-4) >= depth_roi
    if face.opacity != 1.0:
        coverage *= np.float32(face.opacity)
    coverage *= visible
    if not coverage.any():
        return False
    color_roi = canvas.color[y0:y1, x0:x1]
    alpha3 = coverage[:, :, None]
    color_roi -= alpha3 * (color_roi - color)
    if face.opacity >= 0.5:
        solid = coverage > 0.5
        depth_roi[solid] = inv_depth[solid]
        canvas.owner[y0:y1, x0:x1][solid] = face.owner
    return True


def draw_faces(canvas: Canvas, camera: Camera, faces: list[Face]) -> None:
    """Draw faces far to near (by camera depth of their centres)."""
    if not faces:
        return
    corners = np.stack([face.corners for face in faces])
    cam = camera.to_camera(corners.reshape(-1, 3)).reshape(len(faces), 4, 3)
    depth = cam[:, :, 2].mean(axis=1)
    for index in np.argsort(-depth, kind="stable"):
        draw_face(canvas, camera, faces[index], cam[index])


def warp_plane_texture(texture: np.ndarray, tex_to_image: np.ndarray, width: int, height: int) -> np.ndarray:
    """Warp a flat texture (e.g. the table) through a 3x3 homography onto the whole image."""
    return cv2.warpPerspective(
        texture, tex_to_image, (width, height), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT_101
    )
