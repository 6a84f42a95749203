package com.shopstream.orders.topology;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Groups are found by number only when the number says which text they are. */
class GroupIndexTest {

    @Test
    void onlyCanonicalDecimalGroupsHaveANumber() {
        assertThat(GroupIndex.number("0")).isZero();
        assertThat(GroupIndex.number("42")).isEqualTo(42);
        assertThat(GroupIndex.number("999999999999999999")).isEqualTo(999_999_999_999_999_999L);
        assertThat(GroupIndex.number("1000000000000000000")).as("19 digits").isEqualTo(-1);
        assertThat(GroupIndex.number("007")).isEqualTo(-1);
        assertThat(GroupIndex.number("-7")).isEqualTo(-1);
        assertThat(GroupIndex.number("+7")).isEqualTo(-1);
        assertThat(GroupIndex.number("")).isEqualTo(-1);
        assertThat(GroupIndex.number("all")).isEqualTo(-1);
        assertThat(GroupIndex.number("7a")).isEqualTo(-1);
    }

    @Test
    void groupsWithAndWithoutANumberAreKeptApart() {
        GroupIndex<String> index = new GroupIndex<>();
        index.put("7", "seven");
        index.put("007", "zero zero seven");
        index.put("all", "every order");
        index.put("1000000000000000007", "a long one");

        assertThat(index.get(Long.toString(7))).isEqualTo("seven");
        assertThat(index.get("007")).isEqualTo("zero zero seven");
        assertThat(index.get("all")).isEqualTo("every order");
        assertThat(index.get("1000000000000000007")).isEqualTo("a long one");
        assertThat(index.get("8")).isNull();
        assertThat(index.size()).isEqualTo(4);

        assertThat(index.remove("7")).isEqualTo("seven");
        assertThat(index.get("7")).isNull();
        assertThat(index.remove("all")).isEqualTo("every order");
        assertThat(index.values()).containsExactly("zero zero seven", "a long one");
    }

    @Test
    void membersComeInTheOrderTheirGroupsCame() {
        GroupIndex<String> index = new GroupIndex<>();
        index.put("30", "thirty");
        index.put("all", "every order");
        index.put("2", "two");
        index.put("100", "a hundred");
        index.put("2", "two again");

        assertThat(index.values()).containsExactly("thirty", "every order", "two again", "a hundred");
        assertThat(index.size()).isEqualTo(4);
        assertThat(index.remove("all")).isEqualTo("every order");
        assertThat(index.remove("31")).isNull();
        assertThat(index.values()).containsExactly("thirty", "two again", "a hundred");
    }
}
