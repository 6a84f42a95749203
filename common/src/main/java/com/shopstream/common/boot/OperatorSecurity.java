package com.shopstream.common.boot;

import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Who is an operator: whoever sends {@code shopstream.management.*}'s credentials with HTTP Basic. Only the health
 * details ask ({@code show-details=when-authorized}, role {@link #ROLE}); every other request, the health status the
 * probes read, Prometheus' scrape and the APIs (whose callers sign or are rate-limited) needs none. Without a password
 * configured there is no operator, and nobody sees the details: no default credentials.
 */
final class OperatorSecurity {

    static final String ROLE = "OPERATOR";

    private OperatorSecurity() {
    }

    static SecurityFilterChain filterChain(HttpSecurity http) throws Exception {
        return http
                .authorizeHttpRequests(requests -> requests.anyRequest().permitAll())
                .httpBasic(Customizer.withDefaults())
                // no browser sessions to protect: every request carries its own credentials, if any
                .csrf(csrf -> csrf.disable())
                .sessionManagement(sessions -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable())
                .build();
    }

    static UserDetailsService operators(ShopstreamProperties.Management management) {
        if (management.password() == null || management.password().isBlank()) {
            return new InMemoryUserDetailsManager();
        }
        return new InMemoryUserDetailsManager(User.withUsername(management.username())
                .password(PasswordEncoderFactories.createDelegatingPasswordEncoder().encode(management.password()))
                .roles(ROLE)
                .build());
    }
}
