// Writing small NetCDF files for the tests, over the C API.
#pragma once

#include <gtest/gtest.h>
#include <netcdf.h>

#include <map>
#include <string>
#include <vector>

#include "temp_file.h"

namespace leeway::testing {

/// A small NetCDF writer over the C API, enough to build the files the tests need.
class NcWriter {
 public:
  explicit NcWriter(const std::string& name) {
    path_ = write_temp(name, "");
    EXPECT_EQ(nc_create(path_.c_str(), NC_CLOBBER | NC_NETCDF4, &id_), NC_NOERR);
  }
  int dim(const std::string& name, std::size_t length) {
    int d = 0;
    EXPECT_EQ(nc_def_dim(id_, name.c_str(), length, &d), NC_NOERR);
    dims_[name] = d;
    return d;
  }
  int var(const std::string& name, nc_type type, const std::vector<std::string>& dims,
          const std::map<std::string, std::string>& text = {},
          const std::map<std::string, double> numbers = {}) {
    std::vector<int> ids;
    for (const auto& d : dims)
      ids.push_back(dims_.at(d));
    int v = 0;
    EXPECT_EQ(nc_def_var(id_, name.c_str(), type, static_cast<int>(ids.size()), ids.data(), &v),
              NC_NOERR);
    for (const auto& [key, value] : text)
      nc_put_att_text(id_, v, key.c_str(), value.size(), value.c_str());
    for (const auto& [key, value] : numbers) {
      // CF: the fill value has the variable's type; packing attributes are floating point.
      nc_put_att_double(id_, v, key.c_str(), key == "_FillValue" ? type : NC_DOUBLE, 1, &value);
    }
    return v;
  }
  void put(int var, const std::vector<double>& values) {
    EXPECT_EQ(nc_put_var_double(id_, var, values.data()), NC_NOERR);
  }
  std::string close() {
    nc_close(id_);
    return path_;
  }

 private:
  std::string path_;
  int id_ = -1;
  std::map<std::string, int> dims_;
};

}  // namespace leeway::testing
