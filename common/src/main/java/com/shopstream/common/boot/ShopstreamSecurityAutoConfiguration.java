package com.shopstream.common.boot;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Health details for the operator only ({@link OperatorSecurity}); nothing else asks for credentials. Ordered before
 * Spring Boot's security auto-configurations, so that theirs (every request authenticated, a generated password)
 * back off whatever order the class path gives them.
 */
@AutoConfiguration(beforeName = {
        "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration",
        "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration"})
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(SecurityFilterChain.class)
@EnableWebSecurity
@EnableConfigurationProperties(ShopstreamProperties.class)
public class ShopstreamSecurityAutoConfiguration {

    @Bean
    @Order(1)
    SecurityFilterChain shopstreamHealthSecurity(HttpSecurity http) throws Exception {
        return OperatorSecurity.health(http);
    }

    @Bean
    @Order(2)
    SecurityFilterChain shopstreamOpenSecurity(HttpSecurity http) throws Exception {
        return OperatorSecurity.everythingElse(http);
    }

    @Bean
    PasswordEncoder shopstreamOperatorPasswords() {
        return new OperatorSecurity.Sha256Passwords();
    }

    @Bean
    UserDetailsService shopstreamOperators(ShopstreamProperties properties, PasswordEncoder passwords) {
        return OperatorSecurity.operators(properties.management(), passwords);
    }
}
