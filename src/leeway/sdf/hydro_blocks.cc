#include "leeway/sdf/hydro_blocks.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace leeway::sdfio {
namespace {

std::string model_links(const MergedLinks& links) {
  std::vector<std::string> names;
  for (const auto& [name, link] : links.links)
    names.push_back(name);
  names.insert(names.end(), links.links_elsewhere.begin(), links.links_elsewhere.end());
  return fmt::format("{}", fmt::join(names, ", "));
}

/// What a block moved onto the body's reference link may not carry: what acts at the body's
/// reference (its current, its restoring) or is written for a hull's own axes.
void check_movable(const HydroParams& block, const HydroParams& body,
                   const std::string& reference_link) {
  const auto refuse = [&](const char* what) {
    throw LoadError(block.where,
                    fmt::format("link '{}' is fixed to link '{}', whose body carries it, and its "
                                "hydrodynamics has {}; Leeway moves a fixed link's added mass, "
                                "damping and buoyancy onto the body, nothing else: expected that "
                                "in the block of '{}'",
                                block.link_name, reference_link, what, reference_link));
  };
  if (block.v_current_W || block.current_lookup) refuse("a current of its own");
  if (block.linear_restoring) refuse("a restoring matrix");
  if (block.cross_flow_drag) refuse("cross-flow drag");
  if (block.body_lift) refuse("body lift");
  if (!block.point_weights.empty()) refuse("point weights");
  if (block.added_mass_coriolis != body.added_mass_coriolis || block.munk != body.munk ||
      block.wave_kinematics != body.wave_kinematics) {
    refuse("added-mass Coriolis, Munk or wave settings unlike the body's");
  }
}

/// The header's move of `block`, on a link fixed into the body, onto the body `body`.
void move_into_body(const HydroParams& block, const MergedLinks& links, double water_density,
                    HydroParams& body) {
  check_movable(block, body, links.canonical_link);
  const MergedLinks::Link& link = links.links.at(block.link_name);
  const Mat3 R_BL = link.X_BL.linear();
  Mat6 R = Mat6::Zero();
  R.topLeftCorner<3, 3>() = R_BL;
  R.bottomRightCorner<3, 3>() = R_BL;
  body.M_A += transport_to_origin(R * block.M_A * R.transpose(), link.X_BL.translation());
  if (!block.damping.empty()) {
    DampingModel d = block.damping;
    d.p_BoP = link.X_BL * block.damping.p_BoP;
    d.R_BP = R_BL * block.damping.R_BP;
    body.link_damping.push_back(std::move(d));
  }
  if (!block.buoyancy) return;
  const BuoyancyVolume& moved = *block.buoyancy;
  const auto density = [&](const BuoyancyVolume& b) {
    return b.fluid_density > 0.0 ? b.fluid_density : water_density;
  };
  if (!body.buoyancy) body.buoyancy.emplace().fluid_density = moved.fluid_density;
  BuoyancyVolume& total = *body.buoyancy;
  // Each neutral block balances its own link's weight (UUV Simulator's per-link buoyancy).
  if (total.neutral) {
    total.volume = links.links.at(links.canonical_link).mass / density(total);
    total.neutral = false;
  }
  const double volume =
      (moved.neutral ? link.mass / density(moved) : moved.volume) * density(moved) / density(total);
  const double sum = total.volume + volume;
  if (sum > 0.0) {
    total.p_BoBcb = (total.volume * total.p_BoBcb + volume * (link.X_BL * moved.p_BoBcb)) / sum;
  }
  total.volume = sum;
}

}  // namespace

std::vector<HydroParams> load_hydro_blocks(const ClassifiedPlugins& plugins,
                                           const ModelContext& context) {
  const MergedLinks& links = context.links;
  std::vector<HydroParams> blocks;
  for (const PluginUse& use : plugins.uses) {
    if (!use.kind) {
      report_unknown_plugin(use, PluginScope::kModel, context.diagnostics);
      continue;
    }
    if (use.kind->family != PluginFamily::kHydrodynamics) continue;
    for (HydroParams& block : use.loader<HydrodynamicsLoader>()(use.element, context)) {
      if (!links.links.contains(block.link_name) &&
          !links.links_elsewhere.contains(block.link_name)) {
        throw LoadError(block.where,
                        fmt::format("the hydrodynamics names link '{}', which is not a link of "
                                    "model '{}'; expected one of its links ({})",
                                    block.link_name, context.name, model_links(links)));
      }
      for (const HydroParams& first : blocks) {
        if (first.link_name != block.link_name) continue;
        throw LoadError(block.where,
                        fmt::format("a second hydrodynamics block on link '{}' of model '{}' "
                                    "(the first is at {}); expected one per link, so no force "
                                    "is counted twice",
                                    block.link_name, context.name, first.where.str()));
      }
      blocks.push_back(std::move(block));
    }
  }
  return blocks;
}

std::optional<HydroParams> body_hydro(std::span<const HydroParams> blocks, const MergedLinks& links,
                                      double water_density) {
  const HydroParams* reference = nullptr;
  std::vector<const HydroParams*> moved;
  for (const HydroParams& block : blocks) {
    if (!links.links.contains(block.link_name)) continue;  // another body's
    if (block.link_name == links.canonical_link) {
      reference = &block;
    } else {
      moved.push_back(&block);
    }
  }
  if (!reference && moved.empty()) return std::nullopt;
  HydroParams body;
  if (reference) {
    body = *reference;
  } else {
    body.where = moved.front()->where;
    body.link_name = links.canonical_link;
  }
  for (const HydroParams* block : moved)
    move_into_body(*block, links, water_density, body);
  return body;
}

}  // namespace leeway::sdfio
