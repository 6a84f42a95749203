package com.shopstream.common.boot;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.security.autoconfigure.actuate.web.servlet.EndpointRequest;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Who is an operator: whoever sends {@code shopstream.management.*}'s credentials with HTTP Basic to the health
 * endpoint. Only the health details ask ({@code show-details=when-authorized}, role {@link #ROLE}), and only the
 * health endpoint reads credentials at all: an API caller's own {@code Authorization} header is none of this
 * service's business, and no other path can be used to guess the password. Without a password configured there is no
 * operator, and nobody sees the details: no default credentials.
 */
final class OperatorSecurity {

    static final String ROLE = "OPERATOR";

    private OperatorSecurity() {
    }

    /** The health endpoint: every request allowed, HTTP Basic credentials read. */
    static SecurityFilterChain health(HttpSecurity http) throws Exception {
        return stateless(http.securityMatcher(EndpointRequest.to(HealthEndpoint.class)))
                .authorizeHttpRequests(requests -> requests.anyRequest().permitAll())
                .httpBasic(Customizer.withDefaults())
                .build();
    }

    /** Everything else: allowed, and no credentials read. */
    static SecurityFilterChain everythingElse(HttpSecurity http) throws Exception {
        return stateless(http).authorizeHttpRequests(requests -> requests.anyRequest().permitAll()).build();
    }

    /** No browser sessions to protect: every request carries its own credentials, if any. */
    private static HttpSecurity stateless(HttpSecurity http) throws Exception {
        return http.csrf(csrf -> csrf.disable())
                .sessionManagement(sessions -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .requestCache(cache -> cache.disable());
    }

    static UserDetailsService operators(ShopstreamProperties.Management management, PasswordEncoder passwords) {
        if (!management.hasPassword()) {
            return new InMemoryUserDetailsManager();
        }
        return new InMemoryUserDetailsManager(User.withUsername(management.username())
                .password(passwords.encode(management.password()))
                .roles(ROLE)
                .build());
    }

    /**
     * The operator's password is a configured secret, not a person's: a SHA-256 compared in constant time is enough,
     * and, unlike bcrypt, costs a caller who guesses nothing worth flooding for.
     */
    static final class Sha256Passwords implements PasswordEncoder {

        @Override
        public String encode(CharSequence raw) {
            try {
                return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256")
                        .digest(raw.toString().getBytes(StandardCharsets.UTF_8)));
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is not available in this JVM", e);
            }
        }

        @Override
        public boolean matches(CharSequence raw, String encoded) {
            return encoded != null && MessageDigest.isEqual(encode(raw).getBytes(StandardCharsets.US_ASCII),
                    encoded.getBytes(StandardCharsets.US_ASCII));
        }
    }
}
