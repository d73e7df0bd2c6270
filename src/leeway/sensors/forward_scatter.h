// Forward scattering under water: light from a surface that particles turned through small
// angles still reaches the camera, but from around the surface's image, not from it, so that
// distant things glow in a fog of their own light (Jaffe, IEEE J. Oceanic Eng. 15(2), 1990:
// the forward-scattered component, the direct one blurred).
//
// Of the attenuation c [1/m] (seed 003's a_c) a part b_f is scattering through small angles.
// Over r metres of water the unscattered light is e^(-c r) of what left the surface (seed 003's
// equation 1); what scattered forward and still arrives is
//     F(r) = e^(-(c - b_f) r) - e^(-c r),
// and it arrives spread. Each scattering turns the light by a small angle of standard deviation
// theta_0; scatterings happen at rate b_f along the path, and one at distance s from the camera
// moves the surface's image by (r - s) / r of its angle, so the image spreads as a Gaussian of
// standard deviation
//     sigma(r) = theta_0 sqrt(b_f r / 3)   [rad]
// (the variance theta_0^2 b_f integral over s of ((r - s) / r)^2). The camera adds F(r) i blurred
// by sigma(r) to equation 1's pixel (sensors/camera.h).
//
// The blur (blur_per_pixel) varies from pixel to pixel: each pixel gathers from a pyramid of
// the image (Burt and Adelson, 1983) whose levels are blurred by 0, 2, 4, 8, ... pixels, each
// level the last one blurred (a Gaussian) and kept at every other pixel, mixing the two levels
// around its own sigma with weights that give it exactly sigma^2 as the kernel's variance;
// sampling a coarse level bilinearly widens it by up to a quarter of that level's pixel squared
// (a kernel at most 12% wider than asked at a level's sigma). Below 2 pixels the kernel is the
// image's own pixel mixed with level 1: a faint halo rather than a blur, of the same variance.
// A pixel gathers by its own sigma rather than its source's, which differs only across depth
// edges. Uniform regions stay as they are: the kernels are normalised and the image's edges
// are extended. On one core a 640 x 480 frame's blur takes some 17 ms, and the fog as a whole
// 24 ms over the 15 ms of a frame without it (bench/camera_bench.cc).
#pragma once

#include <vector>

namespace leeway {

/// `image` (width x height pixels of `channels` floats each, row after row) with pixel p
/// blurred by a Gaussian of standard deviation sigma_px[p] pixels (0: unchanged). Throws
/// std::invalid_argument if the sizes disagree.
std::vector<float> blur_per_pixel(const std::vector<float>& image, int width, int height,
                                  int channels, const std::vector<float>& sigma_px);

}  // namespace leeway
