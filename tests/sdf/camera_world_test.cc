// Cameras read from gz-sim's blocks (sdf/camera_params.h) and drawing a running world: VRX's
// front camera block as VRX's WAM-V carries it; UUV Simulator's underwater camera plugin's
// water; a frame of a static wall in its lit colour where the pinhole puts it; frames drawn only
// when asked for, each the same whoever asked for the ones before; depth and RGB-D cameras' depths
// of the wall; bad blocks named at their line.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "leeway/formats/png_file.h"
#include "leeway/sim/simulation.h"
#include "leeway/world/step.h"
#include "sdf/sdf_test_util.h"
#include "temp_file.h"

namespace leeway {
namespace {

using testing::load;
using testing::load_error;
using testing::sensor_boat;
using testing::step_drawing;
using testing::world_sdf;

/// VRX's front_left_camera_sensor block (wamv_camera.xacro, as generated for wamv_H).
const std::string kVrxCamera = R"(<sensor type="camera" name="front_left_camera_sensor">
      <pose>0.75 0.1 1.5 0 0.2618 0</pose>
      <update_rate>30.0</update_rate>
      <camera name="front_left_camera_camera">
        <horizontal_fov>1.3962634</horizontal_fov>
        <image><width>1280</width><height>720</height><format>R8G8B8</format></image>
        <clip><near>0.05</near><far>400</far></clip>
        <noise><type>gaussian</type><mean>0.0</mean><stddev>0.007</stddev></noise>
      </camera>
    </sensor>)";

/// A 9 x 5 camera looking along x, 10 Hz, with `extra` in its <sensor>.
std::string small_camera(const std::string& noise = "", const std::string& extra = "") {
  return R"(<sensor name="eye" type="camera"><update_rate>10</update_rate><camera>
      <horizontal_fov>0.5</horizontal_fov><image><width>9</width><height>5</height></image>
      <clip><near>0.1</near><far>50</far></clip>)" +
         noise + "</camera>" + extra + "</sensor>";
}

/// A red wall facing -x at x = 5, turned from the default sun: lit by the ambient light alone.
const std::string kRedWall = R"(<model name="wall"><static>true</static>
    <pose>5.5 0 10 0 0 0</pose><link name="link"><visual name="v">
    <geometry><box><size>1 20 20</size></box></geometry>
    <material><diffuse>1 0 0 1</diffuse></material></visual></link></model>)";

TEST(CameraWorld, VrxsBlockIsTheCameraVrxDescribes) {
  const Model m = load(world_sdf(sensor_boat(kVrxCamera)));
  ASSERT_EQ(m.sensors.size(), 1u);
  const SensorModel& s = m.sensors[0];
  EXPECT_EQ(std::string(sensor_type_name(s)), "camera");
  EXPECT_DOUBLE_EQ(s.rate_hz, 30.0);
  EXPECT_LT((s.X_BS.translation() - Vec3(0.75, 0.1, 1.5)).norm(), 1e-15);
  const auto& c = std::get<CameraModel>(s.kind);
  EXPECT_EQ(c.width, 1280);
  EXPECT_EQ(c.height, 720);
  EXPECT_DOUBLE_EQ(c.horizontal_fov, 1.3962634);
  EXPECT_DOUBLE_EQ(c.near, 0.05);
  EXPECT_DOUBLE_EQ(c.far, 400.0);
  EXPECT_DOUBLE_EQ(c.noise_stddev, 0.007);
  EXPECT_DOUBLE_EQ(c.noise_mean, 0.0);
  EXPECT_EQ(c.attenuation, CameraModel{}.attenuation);  // Leeway's water
  ASSERT_TRUE(m.visual_scene);                          // built for the camera
}

TEST(CameraWorld, UuvsUnderwaterPluginGivesItsWaterAndLeewaysElementsTheirs) {
  const std::string uuv = R"(<plugin name="c" filename="libuuv_gazebo_ros_camera_plugin.so">
      <attenuationR>0.1</attenuationR><attenuationG>0.2</attenuationG>
      <backgroundR>51</backgroundR><backgroundB>255</backgroundB></plugin>)";
  const auto camera = [&](const std::string& extra) {
    const Model m = load(world_sdf(sensor_boat(small_camera("", extra))));
    return std::get<CameraModel>(m.sensors[0].kind);
  };
  const CameraModel c = camera(uuv);
  EXPECT_DOUBLE_EQ(c.attenuation[0], 0.1);
  EXPECT_DOUBLE_EQ(c.attenuation[1], 0.2);
  EXPECT_DOUBLE_EQ(c.attenuation[2], 1.0 / 30.0);  // the plugin's default
  EXPECT_DOUBLE_EQ(c.water[0], 0.2);
  EXPECT_DOUBLE_EQ(c.water[1], 0.0);
  EXPECT_DOUBLE_EQ(c.water[2], 1.0);
  // UUV's RexROV gives these to gazebo_ros_camera, which does not read them: neither does Leeway.
  const CameraModel plain = camera(R"(<plugin name="c" filename="libgazebo_ros_camera.so">
      <attenuationR>0.0</attenuationR><backgroundR>0</backgroundR></plugin>)");
  EXPECT_EQ(plain.attenuation, CameraModel{}.attenuation);
  EXPECT_EQ(plain.water, CameraModel{}.water);
  const CameraModel own = camera(uuv + R"(<leeway:attenuation>0.5 0.4 0.3</leeway:attenuation>
      <leeway:water_color>0.1 0.2 0.3</leeway:water_color>)");
  EXPECT_EQ(own.attenuation, (Rgb{0.5, 0.4, 0.3}));
  EXPECT_EQ(own.water, (Rgb{0.1, 0.2, 0.3}));
  EXPECT_DOUBLE_EQ(own.forward_scattering, CameraModel{}.forward_scattering);
  const CameraModel fog = camera(R"(<leeway:forward_scattering>0.2</leeway:forward_scattering>
      <leeway:scattering_angle>0.05</leeway:scattering_angle>)");
  EXPECT_DOUBLE_EQ(fog.forward_scattering, 0.2);
  EXPECT_DOUBLE_EQ(fog.scattering_angle, 0.05);
}

TEST(CameraWorld, TheWorldsSunLightsItsCamerasAndSaysWhetherItCastsShadows) {
  // VRX's sun: light travelling along (-0.5, 0.1, -0.9), with shadows. Without a directional
  // light, Leeway's sun, with shadows; a direction of length 0 is refused at its line.
  const std::string vrx_sun = R"(<light type="directional" name="sun">
      <cast_shadows>true</cast_shadows><direction>-0.5 0.1 -0.9</direction></light>)";
  const auto camera = [](const std::string& light) {  // a copy: the Model goes
    return std::get<CameraModel>(
        load(world_sdf(light + sensor_boat(small_camera()))).sensors[0].kind);
  };
  const CameraModel c = camera(vrx_sun);
  EXPECT_LT((c.sun_W - Vec3(0.5, -0.1, 0.9).normalized()).norm(), 1e-15);
  EXPECT_TRUE(c.shadows);
  const CameraModel d = camera(R"(<light type="directional" name="sun">
      <direction>0 0 -1</direction></light>)");  // SDF's <cast_shadows> is false by default
  EXPECT_EQ(d.sun_W, Vec3::UnitZ());
  EXPECT_FALSE(d.shadows);
  const CameraModel own = camera("");
  EXPECT_EQ(own.sun_W, CameraModel{}.sun_W);
  EXPECT_TRUE(own.shadows);
  testing::expect_mentions(load_error("dark.sdf", world_sdf(R"(<light type="directional" name="sun">
      <direction>0 0 0</direction></light>)" + sensor_boat(small_camera()))),
                           {"dark.sdf:", "light 'sun'", "length 0"});
}

TEST(CameraWorld, AFloatingBoxShadesTheGroundUnderTheWorldsSun) {
  // The kernel's shadow (sensors_test Camera.ABoxShadesTheGround...) in a world: a grey ground
  // whose top is at z = 10 m, a 1 m box floating 1.5 to 2.5 m above it, the world's sun 45
  // degrees up towards +x (light travelling along (-1, 0, -1)). A camera 15 m above looks
  // straight down: the ground 2 m towards -x lies in the box's shadow (the ambient light alone),
  // 3 m towards +x in the sun (the ambient light and the sun's cosine); 8-bit rounded.
  const std::string world =
      world_sdf(R"(<light type="directional" name="sun"><cast_shadows>true</cast_shadows>
      <direction>-1 0 -1</direction></light>
    <model name="ground"><static>true</static><pose>0 0 9.5 0 0 0</pose><link name="l">
      <visual name="v"><geometry><box><size>40 40 1</size></box></geometry>
      <material><diffuse>0.5 0.5 0.5 1</diffuse></material></visual></link></model>
    <model name="box"><static>true</static><pose>0 0 12 0 0 0</pose><link name="l">
      <visual name="v"><geometry><box><size>1 1 1</size></box></geometry>
      <material><diffuse>0.5 0.5 0.5 1</diffuse></material></visual></link></model>)" +
                sensor_boat(R"(<sensor name="eye" type="camera"><update_rate>10</update_rate>
      <camera><horizontal_fov>1.2</horizontal_fov><image><width>160</width><height>120</height>
      </image><clip><near>0.1</near><far>100</far></clip></camera></sensor>)",
                            "0 0 25 0 1.5707963267948966 0"));
  const Model m = load(world);
  StepData data;
  ASSERT_NO_FATAL_FAILURE(step_drawing(m, data));
  const auto& image = std::get<CameraImage>(data.sensors[0].reading);
  const auto& camera = std::get<CameraModel>(m.sensors[0].kind);
  ASSERT_TRUE(camera.shadows);
  // The pixel over ground point (x, 0, 10) from 15 m up: S's x is down, its y is W's y, its z
  // W's x, so x_O = -y_S = 0 and y_O = -z_S = -x: v = c_y - f x / 15.
  const auto K = camera_k(camera);
  const auto red_at = [&](double x) {
    const int u = static_cast<int>(std::lround(K[2]));
    const int v = static_cast<int>(std::lround(K[5] - K[4] * x / 15.0));
    return image.rgb[3 * (std::size_t(v) * std::size_t(image.width) + std::size_t(u))];
  };
  EXPECT_EQ(red_at(-2.0), std::lround(255 * 0.5 * camera.ambient));
  EXPECT_EQ(red_at(3.0), std::lround(255 * 0.5 * (camera.ambient + camera.sun * std::sqrt(0.5))));
}

TEST(CameraWorld, AFrameShowsAWallInItsLitColourWhereThePinholePutsIt) {
  const Model m = load(world_sdf(sensor_boat(small_camera(), "0 0 10 0 0 0") + kRedWall));
  StepData data;
  ASSERT_NO_FATAL_FAILURE(step_drawing(m, data));
  ASSERT_TRUE(data.sensors[0].sampled);
  const auto& image = std::get<CameraImage>(data.sensors[0].reading);
  ASSERT_EQ(image.width, 9);
  ASSERT_EQ(image.height, 5);
  EXPECT_TRUE(image.linear.empty());  // the kernel's tests' alone
  // Every pixel's ray meets the wall (the frame spans +-0.25 rad across, less up and down): red
  // times the ambient light, 0.35.
  const std::uint8_t red = static_cast<std::uint8_t>(std::lround(255 * 0.35));
  for (std::size_t k = 0; k < image.rgb.size(); k += 3) {
    EXPECT_EQ(image.rgb[k], red) << "pixel " << k / 3;
    EXPECT_EQ(image.rgb[k + 1], 0);
    EXPECT_EQ(image.rgb[k + 2], 0);
  }
}

/// An 8 x 8 PNG in four 4 x 4 quadrants: red top left, green top right, blue bottom left,
/// white bottom right. Returns its path.
std::string quadrant_png(const std::string& name) {
  std::vector<std::uint8_t> rgb;
  for (int row = 0; row < 8; ++row) {
    for (int column = 0; column < 8; ++column) {
      const int q = 2 * (row / 4) + column / 4;
      rgb.push_back(q == 0 || q == 3 ? 255 : 0);
      rgb.push_back(q == 1 || q == 3 ? 255 : 0);
      rgb.push_back(q >= 2 ? 255 : 0);
    }
  }
  const std::string path = testing::write_temp(name, "");
  write_png(path, 8, 8, rgb);
  return path;
}

/// A 40 x 30 camera at (0, 0, 10) looking along x at a 4 m square facing it at x = 5 whose
/// texture coordinates are (0.5 - y / 4, 0.5 - (z - 10) / 4), or with `mirrored` (1 - u, v),
/// textured by quadrant_png: every pixel whose texel and its bilinear neighbours lie in one
/// quadrant shows that quadrant's colour, lit by the ambient light alone (the default sun is
/// behind the square). Returns how many pixels were checked.
int expect_quadrants(const std::string& square, bool mirrored) {
  const Model m = load(world_sdf(
      square + sensor_boat(R"(<sensor name="eye" type="camera"><update_rate>10</update_rate>
      <camera><horizontal_fov>0.5</horizontal_fov><image><width>40</width><height>30</height>
      </image><clip><near>0.1</near><far>50</far></clip></camera></sensor>)",
                           "0 0 10 0 0 0")));
  StepData data;
  step_drawing(m, data);
  const auto& image = std::get<CameraImage>(data.sensors[0].reading);
  const auto& camera = std::get<CameraModel>(m.sensors[0].kind);
  // Texel centres are at (i + 0.5) / 8: a sample at u uses texels floor(8 u - 0.5) and the next.
  const auto quadrant_of = [](double t) {
    const double x = 8.0 * t - 0.5;
    return x >= 0.0 && x < 3.0 ? 0 : x >= 4.0 && x < 7.0 ? 1 : -1;
  };
  int checked = 0;
  for (int v = 0; v < image.height; ++v) {
    for (int u = 0; u < image.width; ++u) {
      const Vec3 d = camera_ray_S(camera, u, v);
      const double t = 5.0 / d.x();
      double tu = 0.5 - t * d.y() / 4.0;
      const double tv = 0.5 - t * d.z() / 4.0;
      if (mirrored) tu = 1.0 - tu;
      const int qu = quadrant_of(tu), qv = quadrant_of(tv);
      if (qu < 0 || qv < 0) continue;
      const int q = 2 * qv + qu;
      const std::array<int, 3> expected{q == 0 || q == 3, q == 1 || q == 3, q >= 2};
      const std::size_t at = 3 * (std::size_t(v) * std::size_t(image.width) + std::size_t(u));
      for (std::size_t c = 0; c < 3; ++c) {
        EXPECT_EQ(image.rgb[at + c], std::lround(255 * expected[c] * camera.ambient))
            << "pixel (" << u << ", " << v << ") channel " << c;
      }
      ++checked;
    }
  }
  return checked;
}

TEST(CameraWorld, ABoxsAlbedoMapIsDrawnOnItsFaceAsGzCommonLaysIt) {
  const std::string png = quadrant_png("camera_albedo.png");
  const std::string box = R"(<model name="wall"><static>true</static>
    <pose>5.5 0 10 0 0 0</pose><link name="link"><visual name="v">
    <geometry><box><size>1 4 4</size></box></geometry>
    <material><pbr><metal><albedo_map>)" +
                          png + R"(</albedo_map></metal></pbr></material></visual></link></model>)";
  EXPECT_GT(expect_quadrants(box, false), 600);
}

TEST(CameraWorld, AMeshsOwnTextureIsDrawnByItsCoordinates) {
  // A Wavefront square whose u runs along +y (against the box's): the picture is mirrored.
  quadrant_png("camera_mesh_texture.png");
  testing::write_temp("camera_mesh_texture.mtl",
                      "newmtl painted\nKd 0.2 0.2 0.2\nmap_Kd camera_mesh_texture.png\n");
  const std::string obj =
      testing::write_temp("camera_mesh_texture.obj", R"(mtllib camera_mesh_texture.mtl
v 5 -2 -2
v 5 2 -2
v 5 2 2
v 5 -2 2
vt 0 0
vt 1 0
vt 1 1
vt 0 1
usemtl painted
f 1/1 2/2 3/3
f 1/1 3/3 4/4
)");
  const std::string square = R"(<model name="wall"><static>true</static>
    <pose>0 0 10 0 0 0</pose><link name="link"><visual name="v">
    <geometry><mesh><uri>)" + obj +
                             R"(</uri></mesh></geometry></visual></link></model>)";
  EXPECT_GT(expect_quadrants(square, true), 600);
}

TEST(CameraWorld, ATextureThatCannotBeDecodedIsSaidOnceAtItsLineAndItsSurfaceKeepsItsColour) {
  const std::string not_png = testing::write_temp("camera_not_a.png", "GIF87a, or not");
  std::string walls;
  for (const char* name : {"a", "b"}) {
    walls += std::string(R"(<model name=")") + name + R"("><static>true</static>
    <pose>5.5 0 10 0 0 0</pose><link name="link"><visual name="v">
    <geometry><box><size>1 20 20</size></box></geometry>
    <material><diffuse>1 0 0 1</diffuse><pbr><metal><albedo_map>)" +
             not_png + "</albedo_map></metal></pbr></material></visual></link></model>";
  }
  const std::string text = world_sdf(walls + sensor_boat(small_camera(), "0 0 10 0 0 0"));
  Diagnostics d;
  const Model m = load_world_string(text, "walls.sdf", d);
  ASSERT_EQ(d.warnings().size(), 1u);
  testing::expect_mentions(d.warnings()[0].str(),
                           {"walls.sdf:" + std::to_string(testing::line_of(text, not_png)),
                            "texture is not drawn", not_png});
  StepData data;
  ASSERT_NO_FATAL_FAILURE(step_drawing(m, data));
  const auto& image = std::get<CameraImage>(data.sensors[0].reading);
  EXPECT_EQ(image.rgb[0], std::lround(255 * 0.35));
  EXPECT_EQ(image.rgb[1], 0);
}

TEST(CameraWorld, FramesAreDrawnWhenAskedForAndEachIsTheSameWhoeverSawTheOnesBefore) {
  const std::string world = world_sdf(
      sensor_boat(small_camera("<noise><type>gaussian</type><stddev>0.05</stddev></noise>"),
                  "0 0 10 0 0 0") +
      kRedWall);
  const Model m = load(world);
  // Frames at 0, 0.1, ..., 0.4 s: all drawn in one run, only the last in the other.
  const auto frames = [&](bool draw_all) {
    State s = make_initial_state(m);
    StepData data = make_step_data(m);
    Workspace ws;
    std::vector<CameraImage> out;
    std::vector<double> times;
    for (int k = 0; k < 41; ++k) {
      data.draw_images = draw_all || k == 40;
      EXPECT_TRUE(step(m, s, {}, ws, &data).ok);
      if (!data.sensors[0].sampled) continue;
      out.push_back(std::get<CameraImage>(data.sensors[0].reading));
      times.push_back(data.sensors[0].t);
    }
    EXPECT_EQ(times.size(), 5u);
    for (std::size_t k = 0; k < times.size(); ++k)
      EXPECT_NEAR(times[k], 0.1 * double(k), 1e-12);
    return out;
  };
  const std::vector<CameraImage> all = frames(true), last = frames(false);
  ASSERT_EQ(all.size(), 5u);
  ASSERT_EQ(last.size(), 5u);
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_EQ(last[k].width, 0);  // not drawn: no image, its time kept
    EXPECT_TRUE(last[k].rgb.empty());
  }
  EXPECT_EQ(all[4], last[4]);
  EXPECT_NE(all[3].rgb, all[4].rgb);  // each frame's noise is its own
}

/// An observer that wants the camera's first frame in each `period` [s], as a recording does.
struct FramesAtARate : Observer {
  explicit FramesAtARate(double p) : period(p) {}
  void want_images(const Simulation& sim, std::vector<std::uint8_t>& wanted) override {
    const Model& m = sim.model();
    wanted[0] =
        next_sample_opens_period(m.sensors[0], sim.state().sensors[0], sim.state().t, m.dt, period);
  }
  void on_step(const Simulation& sim) override {
    const SensorSample& s = sim.data().sensors[0];
    if (s.sampled) frames.emplace_back(s.t, std::get<CameraImage>(s.reading));
  }
  double period;
  std::vector<std::pair<double, CameraImage>> frames;
};

TEST(CameraWorld, AnObserverGetsTheFramesItWantsAndTheyAreTheFramesOfARunThatDrewThemAll) {
  // A 30 Hz camera watched at 10 Hz draws its frames j = 0, 3, 6 (0, 0.1 and 0.2 s), and only
  // those; each is the frame a run drawing
  // every frame draws then. Simulation::draw_images holds across a reset.
  const std::string camera =
      R"(<sensor name="eye" type="camera"><update_rate>30</update_rate><camera>
      <horizontal_fov>0.5</horizontal_fov><image><width>9</width><height>5</height></image>
      <clip><near>0.1</near><far>50</far></clip>
      <noise><type>gaussian</type><stddev>0.05</stddev></noise></camera></sensor>)";
  const Scenario scenario =
      testing::load_scenario(world_sdf(sensor_boat(camera, "0 0 10 0 0 0") + kRedWall));
  const auto run = [&](double period, bool draw_all, bool reset_first) {
    Simulation sim(scenario);
    FramesAtARate watch(period);
    sim.attach(watch);
    sim.draw_images(draw_all);
    if (reset_first) sim.reset();
    RunOptions options;
    options.until_step = 25;  // 0.25 s
    EXPECT_TRUE(sim.run(options).ok);
    return watch.frames;
  };
  const auto watched = run(0.1, false, false);
  const auto all = run(1e9, true, true);  // the observer wants only the first; all are drawn
  ASSERT_EQ(watched.size(), 8u);          // 0, 1/30, ..., 7/30 s
  ASSERT_EQ(all.size(), 8u);
  for (std::size_t k = 0; k < all.size(); ++k) {
    EXPECT_EQ(watched[k].first, all[k].first);
    EXPECT_EQ(all[k].second.width, 9) << "frame " << k;
    const bool opens = k % 3 == 0;  // 0, 0.1, 0.2 s
    EXPECT_EQ(watched[k].second.width, opens ? 9 : 0) << "frame " << k;
    if (opens) {
      EXPECT_EQ(watched[k].second, all[k].second) << "frame " << k;
    }
  }
}

/// A 9 x 5 sensor of gz-sim's `type` looking along x, 10 Hz, with `extra` in its <camera>.
std::string typed_camera(const std::string& type, const std::string& extra = "") {
  return R"(<sensor name="eye" type=")" + type + R"("><update_rate>10</update_rate><camera>
      <horizontal_fov>0.5</horizontal_fov><image><width>9</width><height>5</height>
      <format>R_FLOAT32</format></image><clip><near>0.1</near><far>50</far></clip>)" +
         extra + "</camera></sensor>";
}

TEST(CameraWorld, DepthAndRgbdCamerasSeeTheWallAtItsDepth) {
  // gz-sim's depth_camera (R_FLOAT32, its <depth_camera> block) and rgbd_camera, 10 m up facing
  // the red wall whose face is at x = 5: every depth is 5 m (z in the optical frame); the RGB-D
  // camera's colours are the colour camera's.
  Diagnostics d;
  const Model m = load_world_string(
      world_sdf(sensor_boat(typed_camera("depth_camera",
                                         "<depth_camera><output>depths</output><clip><near>0.2"
                                         "</near><far>40</far></clip></depth_camera>"),
                            "0 0 10 0 0 0") +
                kRedWall),
      "depth.sdf", d);
  EXPECT_TRUE(d.warnings().empty());  // R_FLOAT32 is a depth camera's format
  const auto& depth = std::get<CameraModel>(m.sensors[0].kind);
  EXPECT_FALSE(depth.color);
  EXPECT_TRUE(depth.depth);
  EXPECT_EQ(depth.depth_near, 0.2);
  EXPECT_EQ(depth.depth_far, 40.0);
  const auto frame = [](const Model& model) {
    StepData data;
    step_drawing(model, data);
    return std::get<CameraImage>(data.sensors[0].reading);
  };
  const CameraImage depths = frame(m);
  EXPECT_TRUE(depths.rgb.empty());
  ASSERT_EQ(depths.depth.size(), 45u);
  for (float z : depths.depth)
    EXPECT_NEAR(z, 5.0, 1e-5);

  const Model rgbd =
      load(world_sdf(sensor_boat(typed_camera("rgbd_camera"), "0 0 10 0 0 0") + kRedWall));
  const auto& both = std::get<CameraModel>(rgbd.sensors[0].kind);
  EXPECT_TRUE(both.color && both.depth);
  EXPECT_EQ(both.depth_far, 50.0);  // the <clip>'s without a <depth_camera><clip>
  const CameraImage image = frame(rgbd);
  EXPECT_EQ(image.depth, depths.depth);
  ASSERT_EQ(image.rgb.size(), 135u);
  EXPECT_EQ(image.rgb[3 * 22], std::lround(255 * 0.35));  // the wall's ambient-lit red
}

TEST(CameraWorld, BadBlocksAreNamedAtTheirLine) {
  const auto error = [](const std::string& camera_children, const std::string& extra = "") {
    return load_error("bad_camera.sdf",
                      world_sdf(sensor_boat(R"(<sensor name="eye" type="camera"><camera>)" +
                                            camera_children + "</camera>" + extra + "</sensor>")));
  };
  EXPECT_NE(error("<horizontal_fov>3.5</horizontal_fov>").find("horizontal_fov"),
            std::string::npos);
  EXPECT_NE(error("<image><width>0</width></image>").find("width"), std::string::npos);
  EXPECT_NE(error("<noise><type>gaussian</type><bias_mean>0.1</bias_mean></noise>")
                .find("white on each pixel"),
            std::string::npos);
  EXPECT_NE(
      error("", "<leeway:scattering_angle>0.8</leeway:scattering_angle>").find("scattering_angle"),
      std::string::npos);
  EXPECT_NE(error("", "<leeway:water_color>0.1 2 0.3</leeway:water_color>").find("water_color"),
            std::string::npos);
  const std::string clip = error("<clip><near>2</near><far>1</far></clip>");
  EXPECT_NE(clip.find("bad_camera.sdf:"), std::string::npos) << clip;
  EXPECT_NE(clip.find("got 1"), std::string::npos) << clip;
  const std::string depth_clip =
      load_error("bad_depth.sdf",
                 world_sdf(sensor_boat(typed_camera(
                     "depth_camera",
                     "<depth_camera><clip><near>3</near><far>1</far></clip></depth_camera>"))));
  EXPECT_NE(depth_clip.find("bad_depth.sdf:"), std::string::npos) << depth_clip;
  EXPECT_NE(depth_clip.find("past <near>"), std::string::npos) << depth_clip;
}

}  // namespace
}  // namespace leeway
