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


def _inverse_depth_plane(pixels: np.ndarray, depths: np.ndarray) -> np.ndarray:
    """Coefficients (a, b, c) with ``1/z = a x + b y + c`` over the face's plane."""
    design = np.column_stack([pixels, np.ones(len(pixels))])
    coeffs, *_ = np.linalg.lstsq(design, 1.0 / depths, rcond=None)
    return coeffs


def _coverage_polygon(quad: np.ndarray, width: int, height: int) -> np.ndarray:
    mask = np.zeros((height, width), np.uint8)
    points = np.round(quad * (1 << _SUBPIXEL_BITS)).astype(np.int32)
    cv2.fillConvexPoly(mask, points, 255, lineType=cv2.LINE_AA, shift=_SUBPIXEL_BITS)
    return mask.astype(np.float32) * (1.0 / 255.0)


def draw_face(canvas: Canvas, camera: Camera, face: Face) -> bool:
    """Draw one face; returns False when it is hidden, edge-on or off-screen."""
    cam = camera.to_camera(face.corners)
    if np.any(cam[:, 2] <= 1e-3):
        return False
    to_eye = camera.C - face.centre
    if float(face.normal @ to_eye) <= 1e-9 * float(np.linalg.norm(to_eye)):
        return False
    quad = camera.project(face.corners)
    width, height = canvas.size
    x0 = max(int(np.floor(quad[:, 0].min())) - 1, 0)
    y0 = max(int(np.floor(quad[:, 1].min())) - 1, 0)
    x1 = min(int(np.ceil(quad[:, 0].max())) + 2, width)
    y1 = min(int(np.ceil(quad[:, 1].max())) + 2, height)
    if x1 - x0 < 1 or y1 - y0 < 1:
        return False
    area = quad_area(quad)
    if area < 0.25:
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

    a, b, c = _inverse_depth_plane(quad, cam[:, 2])
    xs = np.arange(x0, x1, dtype=np.float32) * np.float32(a)
    ys = np.arange(y0, y1, dtype=np.float32)[:, None] * np.float32(b)
    inv_depth = xs + ys + np.float32(c)
    depth_roi = canvas.inv_depth[y0:y1, x0:x1]
    visible = inv_depth * np.float32(1.0 + 2e-4) >= depth_roi
    alpha = coverage * np.float32(face.opacity)
    alpha *= visible
    if not alpha.any():
        return False
    color_roi = canvas.color[y0:y1, x0:x1]
    alpha3 = alpha[:, :, None]
    color_roi *= 1.0 - alpha3
    color_roi += alpha3 * color
    solid = alpha > 0.5
    if face.opacity >= 0.5:
        depth_roi[solid] = inv_depth[solid]
        canvas.owner[y0:y1, x0:x1][solid] = face.owner
    return True


def draw_faces(canvas: Canvas, camera: Camera, faces: list[Face]) -> None:
    """Draw faces far to near (by camera depth of their centres)."""
    if not faces:
        return
    centres = np.array([face.centre for face in faces])
    depth = camera.to_camera(centres)[:, 2]
    for index in np.argsort(-depth, kind="stable"):
        draw_face(canvas, camera, faces[index])


def warp_plane_texture(texture: np.ndarray, tex_to_image: np.ndarray, width: int, height: int) -> np.ndarray:
    """Warp a flat texture (e.g. the table) through a 3x3 homography onto the whole image."""
    return cv2.warpPerspective(
        texture, tex_to_image, (width, height), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT_101
    )
