// clients/web/templates.h: fields set by moving render as fields set by
// copying, escaped the same way, lists in their order.
#include "clients/web/templates.h"

#include <string>
#include <utility>

#include "gtest/gtest.h"

namespace qiwang::web {
namespace {

TEST(TemplatesTest, MovedFieldsAndListsRenderAsCopiedOnes) {
  const auto build = [](bool moved) {
    Data data;
    DataList rows;
    for (const char* name : {"王<一>", "李二", "张三"}) {
      Data row;
      row.set("name", std::string(name));
      rows.push_back(std::move(row));
    }
    Data table;
    if (moved) {
      SetMoved(table, "rows", MovedList(std::move(rows)));
      SetMoved(data, "table", std::move(table));
    } else {
      table.set("rows", rows);
      data.set("table", table);
    }
    return data;
  };
  kainjow::mustache::mustache text(
      "{{#table}}{{#rows}}[{{name}}]{{/rows}}{{/table}}");
  EXPECT_EQ(text.render(build(true)), "[王&lt;一&gt;][李二][张三]");
  EXPECT_EQ(text.render(build(true)), text.render(build(false)));
}

TEST(TemplatesTest, SetMovedReplacesAFieldAndLeavesANonObjectAlone) {
  Data data;
  data.set("name", std::string("old"));
  SetMoved(data, "name", Data(std::string("new")));
  kainjow::mustache::mustache text("{{name}}");
  EXPECT_EQ(text.render(data), "new");

  Data list = MovedList(DataList{Data(std::string("x"))});
  SetMoved(list, "name", Data(std::string("ignored")));
  EXPECT_TRUE(list.is_list());
  EXPECT_EQ(list.list_value().size(), 1u);
}

}  // namespace
}  // namespace qiwang::web
