// The 3-D view: the sea computed on the GPU from the wave components the physics sums (Leeway's
// /waves: the same Gerstner surface, at the same simulated time), the bodies' shapes and hulls
// from /scene locked to their frames from /tf, trails, the tasks' goals, a sky, and a follow and
// an orbit camera. World frame ENU, z up, metres, as Leeway's.
import * as THREE from "three";
import { OrbitControls } from "three/addons/controls/OrbitControls.js";

const MAX_WAVES = 96; // uniform vectors: 2 per component
const SEA_SIZE = 360; // [m], the sea plane's side, centred under the camera's target
const SEA_SEGMENTS = 180;
const TRAIL_POINTS = 2000;
const SKY = new THREE.Color(0.62, 0.76, 0.88);

const seaVertex = /* glsl */ `
  uniform vec4 uWave[${MAX_WAVES}];  // kx, ky, phase at the grid origin and time, amplitude
  uniform vec4 uShift[${MAX_WAVES}]; // qa_dx, qa_dy, 0, 0
  uniform int uCount;
  uniform float uRamp, uLevel;
  uniform vec2 uOrigin;              // the grid's origin in the world [m]
  varying vec3 vNormal, vWorld;
  void main() {
    vec2 p0 = position.xy;           // calm-water position, from the grid's origin
    vec3 p = vec3(p0, 0.0);
    vec3 dx = vec3(1.0, 0.0, 0.0), dy = vec3(0.0, 1.0, 0.0);
    for (int i = 0; i < ${MAX_WAVES}; ++i) {
      if (i >= uCount) break;
      vec4 w = uWave[i];
      float theta = w.x * p0.x + w.y * p0.y + w.z;
      float s = sin(theta), c = cos(theta);
      vec2 q = uShift[i].xy * uRamp;
      float a = w.w * uRamp;
      p += vec3(-q.x * s, -q.y * s, a * c);
      dx += vec3(-q.x * w.x * c, -q.y * w.x * c, -a * w.x * s);
      dy += vec3(-q.x * w.y * c, -q.y * w.y * c, -a * w.y * s);
    }
    vNormal = normalize(cross(dx, dy));
    vWorld = vec3(p.xy + uOrigin, p.z + uLevel);
    gl_Position = projectionMatrix * viewMatrix * vec4(vWorld, 1.0);
  }`;

const seaFragment = /* glsl */ `
  uniform vec3 uSun, uSky, uDeep, uShallow;
  uniform float uFogFar;
  varying vec3 vNormal, vWorld;
  void main() {
    vec3 n = normalize(vNormal);
    vec3 toEye = normalize(cameraPosition - vWorld);
    float fresnel = 0.02 + 0.98 * pow(1.0 - max(dot(n, toEye), 0.0), 5.0);
    float facing = max(dot(n, vec3(0.0, 0.0, 1.0)), 0.0);
    vec3 water = mix(uDeep, uShallow, 0.35 * (1.0 - facing) + 0.15 * max(dot(n, uSun), 0.0));
    vec3 h = normalize(uSun + toEye);
    float glint = pow(max(dot(n, h), 0.0), 180.0) * 1.5;
    vec3 color = mix(water, uSky, fresnel * 0.7) + vec3(glint);
    float fog = smoothstep(0.35 * uFogFar, uFogFar, length(cameraPosition.xy - vWorld.xy));
    gl_FragColor = vec4(mix(color, uSky, fog), 1.0);
  }`;

function srgb(c) {
  return new THREE.Color().setRGB(c.r, c.g, c.b, THREE.SRGBColorSpace);
}

function poseOf(object, pose) {
  object.position.set(pose.position.x, pose.position.y, pose.position.z);
  const q = pose.orientation;
  object.quaternion.set(q.x, q.y, q.z, q.w);
}

function material(color) {
  return new THREE.MeshStandardMaterial({
    color: srgb(color), transparent: color.a < 1, opacity: color.a, roughness: 0.55, metalness: 0.1,
  });
}

function textSprite(text, color) {
  const canvas = document.createElement("canvas");
  canvas.width = 256;
  canvas.height = 64;
  const g = canvas.getContext("2d");
  g.font = "bold 30px sans-serif";
  g.fillStyle = "rgba(0,0,0,0.45)";
  g.fillRect(0, 8, 256, 48);
  g.fillStyle = `rgb(${255 * color.r}, ${255 * color.g}, ${255 * color.b})`;
  g.textAlign = "center";
  g.fillText(text, 128, 43);
  // A fixed size on the screen, however near or far the label is.
  const sprite = new THREE.Sprite(new THREE.SpriteMaterial({
    map: new THREE.CanvasTexture(canvas), depthTest: false, sizeAttenuation: false,
  }));
  sprite.scale.set(0.16, 0.04, 1);
  return sprite;
}

/// A foxglove.SceneEntity as three.js objects, in its frame.
function entityObject(entity) {
  const group = new THREE.Group();
  const add = (mesh, pose) => {
    poseOf(mesh, pose);
    group.add(mesh);
  };
  for (const c of entity.cubes) {
    add(new THREE.Mesh(new THREE.BoxGeometry(c.size.x, c.size.y, c.size.z), material(c.color)), c.pose);
  }
  for (const s of entity.spheres) {
    const mesh = new THREE.Mesh(new THREE.SphereGeometry(0.5, 24, 16), material(s.color));
    mesh.scale.set(s.size.x, s.size.y, s.size.z);
    add(mesh, s.pose);
  }
  for (const c of entity.cylinders) {
    // three.js's cylinder runs along y, Foxglove's along z.
    const geometry = new THREE.CylinderGeometry(0.5 * c.top_scale, 0.5 * c.bottom_scale, 1, 24);
    geometry.rotateX(Math.PI / 2);
    const mesh = new THREE.Mesh(geometry, material(c.color));
    mesh.scale.set(c.size.x, c.size.y, c.size.z);
    add(mesh, c.pose);
  }
  for (const a of entity.arrows) {
    const arrow = new THREE.Group();
    const shaft = new THREE.Mesh(new THREE.CylinderGeometry(a.shaft_diameter / 2, a.shaft_diameter / 2, a.shaft_length, 12), material(a.color));
    shaft.rotation.z = -Math.PI / 2;
    shaft.position.x = a.shaft_length / 2;
    const head = new THREE.Mesh(new THREE.ConeGeometry(a.head_diameter / 2, a.head_length, 16), material(a.color));
    head.rotation.z = -Math.PI / 2;
    head.position.x = a.shaft_length + a.head_length / 2;
    arrow.add(shaft, head);
    add(arrow, a.pose);
  }
  for (const t of entity.triangles) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute("position", new THREE.Float32BufferAttribute(t.points.flatMap((p) => [p.x, p.y, p.z]), 3));
    if (t.indices.length) geometry.setIndex(t.indices);
    geometry.computeVertexNormals();
    const m = material(t.color);
    m.side = THREE.DoubleSide;
    add(new THREE.Mesh(geometry, m), t.pose);
  }
  for (const l of entity.lines) {
    const geometry = new THREE.BufferGeometry().setFromPoints(l.points.map((p) => new THREE.Vector3(p.x, p.y, p.z)));
    add(new THREE.Line(geometry, new THREE.LineBasicMaterial({ color: srgb(l.color) })), l.pose);
  }
  for (const t of entity.texts) {
    const sprite = textSprite(t.text, t.color);
    sprite.position.set(t.pose.position.x, t.pose.position.y, t.pose.position.z);
    group.add(sprite);
  }
  return group;
}

export class SeaScene {
  constructor(canvas) {
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.scene = new THREE.Scene();
    this.scene.background = SKY;
    this.camera = new THREE.PerspectiveCamera(50, 1, 0.1, 2000);
    this.camera.up.set(0, 0, 1);
    this.camera.position.set(-14, -10, 7);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.enableDamping = true;
    this.follow = true;
    const sun = new THREE.Vector3(-0.4, 0.5, 0.75).normalize();
    this.scene.add(new THREE.HemisphereLight(0xdfefff, 0x35566b, 1.4));
    const light = new THREE.DirectionalLight(0xfff4e0, 2.2);
    light.position.copy(sun).multiplyScalar(100);
    this.scene.add(light);

    this.waves = { count: 0, wave: [], shift: [], data: null };
    for (let i = 0; i < MAX_WAVES; i++) {
      this.waves.wave.push(new THREE.Vector4());
      this.waves.shift.push(new THREE.Vector4());
    }
    this.seaUniforms = {
      uWave: { value: this.waves.wave }, uShift: { value: this.waves.shift }, uCount: { value: 0 },
      uRamp: { value: 1 }, uLevel: { value: 0 }, uOrigin: { value: new THREE.Vector2() },
      uSun: { value: sun }, uSky: { value: SKY.clone() },
      uDeep: { value: new THREE.Color(0.02, 0.16, 0.26) }, uShallow: { value: new THREE.Color(0.05, 0.38, 0.47) },
      uFogFar: { value: SEA_SIZE * 0.5 },
    };
    const grid = new THREE.PlaneGeometry(SEA_SIZE, SEA_SIZE, SEA_SEGMENTS, SEA_SEGMENTS);
    this.sea = new THREE.Mesh(grid, new THREE.ShaderMaterial({
      uniforms: this.seaUniforms, vertexShader: seaVertex, fragmentShader: seaFragment,
    }));
    this.sea.frustumCulled = false;
    this.scene.add(this.sea);

    this.frames = new Map(); // frame id -> Group placed by /tf
    this.entities = new Map(); // entity id -> object
    this.trails = new Map(); // frame id -> {line, positions, count}
    this.focus = null; // the frame the cameras follow
    this.focusModel = null; // the model whose frame that is; null: the first body's
    this.simTime = 0;
    this.drawn = 0;
    window.addEventListener("resize", () => this.resize());
    this.resize();
  }

  resize() {
    const canvas = this.renderer.domElement;
    const w = canvas.clientWidth, h = canvas.clientHeight;
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / Math.max(h, 1);
    this.camera.updateProjectionMatrix();
  }

  frame(id) {
    let group = this.frames.get(id);
    if (!group) {
      group = new THREE.Group();
      this.frames.set(id, group);
      this.scene.add(group);
    }
    return group;
  }

  /// leeway.WaveField
  setWaves(w) {
    const n = Math.min(w.amplitude.length, MAX_WAVES);
    // The largest components, if the physics sums more than the page can.
    const order = w.amplitude.map((a, i) => i).sort((a, b) => w.amplitude[b] - w.amplitude[a]).slice(0, n);
    this.waves.data = { ...w, order };
    this.waves.count = n;
    this.seaUniforms.uCount.value = n;
    this.seaUniforms.uLevel.value = w.z_level;
  }

  /// foxglove.SceneUpdate
  update(sceneUpdate) {
    for (const e of sceneUpdate.entities) {
      const old = this.entities.get(e.id);
      if (old) {
        old.parent.remove(old);
        old.traverse((o) => {
          o.geometry?.dispose();
          o.material?.map?.dispose();
          o.material?.dispose();
        });
      }
      const object = entityObject(e);
      this.entities.set(e.id, object);
      (e.frame_id === "world" ? this.scene : this.frame(e.frame_id)).add(object);
    }
  }

  /// foxglove.FrameTransforms (world -> bodies)
  transforms(message) {
    for (const t of message.transforms) {
      const group = this.frame(t.child_frame_id);
      group.position.set(t.translation.x, t.translation.y, t.translation.z);
      group.quaternion.set(t.rotation.x, t.rotation.y, t.rotation.z, t.rotation.w);
      if (t.parent_frame_id !== "world") continue;
      if (this.focus === null && (this.focusModel === null || t.child_frame_id.startsWith(`${this.focusModel}/`))) {
        this.focus = t.child_frame_id;
      }
      this.trail(t.child_frame_id, t.translation);
      this.simTime = t.timestamp.sec + 1e-9 * t.timestamp.nsec;
    }
  }

  trail(id, p) {
    let trail = this.trails.get(id);
    if (!trail) {
      const positions = new Float32Array(3 * TRAIL_POINTS);
      const geometry = new THREE.BufferGeometry();
      geometry.setAttribute("position", new THREE.BufferAttribute(positions, 3));
      const line = new THREE.Line(geometry, new THREE.LineBasicMaterial({ color: 0xffffff, transparent: true, opacity: 0.8 }));
      line.frustumCulled = false;
      this.scene.add(line);
      trail = { line, positions, count: 0 };
      this.trails.set(id, trail);
    }
    if (trail.count === TRAIL_POINTS) {
      trail.positions.copyWithin(0, 3);
      trail.count -= 1;
    }
    trail.positions.set([p.x, p.y, p.z + 0.2], 3 * trail.count);
    trail.count += 1;
    trail.line.geometry.setDrawRange(0, trail.count);
    trail.line.geometry.attributes.position.needsUpdate = true;
  }

  /// The sea's uniforms at the simulated time, the phases reduced in double precision.
  updateSea(target) {
    const w = this.waves.data;
    const spacing = SEA_SIZE / SEA_SEGMENTS;
    const ox = Math.round(target.x / spacing) * spacing, oy = Math.round(target.y / spacing) * spacing;
    this.seaUniforms.uOrigin.value.set(ox, oy);
    if (!w) return;
    const t = this.simTime;
    this.seaUniforms.uRamp.value = w.ramp_time > 0 ? 1 - Math.exp(-t / w.ramp_time) : 1;
    const twoPi = 2 * Math.PI;
    w.order.forEach((i, slot) => {
      let phase = (w.kx[i] * ox + w.ky[i] * oy - w.omega[i] * t + w.phase[i]) % twoPi;
      this.waves.wave[slot].set(w.kx[i], w.ky[i], phase, w.amplitude[i]);
      this.waves.shift[slot].set(w.qa_dx[i], w.qa_dy[i], 0, 0);
    });
  }

  render() {
    const focus = this.focus && this.frames.get(this.focus);
    const target = focus ? focus.position : new THREE.Vector3();
    if (focus && this.follow) {
      // Behind and above the vessel, along its heading, eased.
      const heading = new THREE.Vector3(1, 0, 0).applyQuaternion(focus.quaternion);
      heading.z = 0;
      if (heading.lengthSq() < 1e-6) heading.set(1, 0, 0);
      heading.normalize();
      const wanted = target.clone().addScaledVector(heading, -16).add(new THREE.Vector3(0, 0, 7.5));
      this.camera.position.lerp(wanted, 0.08);
      this.controls.target.copy(target);
    } else if (focus) {
      // Orbit: the camera keeps its offset from the moving vessel.
      const delta = target.clone().sub(this.controls.target);
      this.camera.position.add(delta);
      this.controls.target.copy(target);
    }
    this.controls.update();
    this.updateSea(target);
    this.renderer.render(this.scene, this.camera);
    this.drawn += 1;
  }
}
